#!/usr/bin/env bash
# Round 1 (session 32, H200), build 9bbe7fa (= main's code): (a) kernel times at the GPU's own clocks (ncu
# --clock-control none) of radix-lsd and cub-radix, u32 uniform / Zipf / entropy-0.201 and u64+u32 Zipf at 1e8;
# (b) the forced sanitizer parts that did not run on this build in session 31's H100 round 6.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-575}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$B/gpusort-bench
C=$B/tests/gsb_conformance
for spec in "u32 none uniform,zipf,entropy-0.201" "u64 u32 zipf"; do
  set -- $spec
  part 45 ncu --clock-control none --print-summary per-kernel --metrics gpu__time_duration.sum "$G" --algo radix-lsd,cub-radix --type $1 --values $2 --n 1e8 --dist $3 --reps 1 --warmup 0 -q
done
san() { # tool limit env... -- command...
  local tool=$1 t=$2; shift 2
  part "$t" env GSB_CONFORMANCE_QUICK=1 "$@"
}
cs() { echo compute-sanitizer --tool "$1" --error-exitcode 99 --print-limit 20; }
# full tiles of one digit (pass.cuh's short-circuit): radix-lsd and the hybrid forced
for tool in memcheck racecheck synccheck; do
  part 60 $(cs $tool) "$G" --algo radix-lsd --type u32,u64 --values none,u32 --n 2^20 --dist sorted,few-unique,zipf --reps 1 --warmup 0 -q
  [ $tool = racecheck ] && continue
  part 60 env GSB_RADIX_HYBRID_MIN_N=2 $(cs $tool) "$G" --algo radix --type u32,f64 --values none,u32 --n 2^20 --dist sorted,few-unique --reps 1 --warmup 0 -q
done
for tool in memcheck racecheck synccheck; do part 60 $(cs $tool) "$B/tests/radix/gsb_radix_parts_tests"; done
# buckets past a block, by passes and one block each
for tool in memcheck racecheck synccheck; do
  f="*/radix_u32_none:*/radix_i32_u64:*/radix_u64_none:*/radix_f64_u32:*/radix_u64_u64"; [ $tool = racecheck ] && f="*/radix_u32_u32:*/radix_f64_none"
  part 120 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=3000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 GSB_RADIX_LARGE_BUCKETS_BY=passes $(cs $tool) "$C" --gtest_brief=1 "--gtest_filter=$f"
done
for tool in memcheck racecheck synccheck; do
  f="*/radix_u32_none:*/radix_u32_u64:*/radix_u64_none:*/radix_f64_u32:*/radix_u64_u64"; [ $tool = racecheck ] && f="*/radix_u32_u32:*/radix_u64_u64"
  part 120 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=3000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 $(cs $tool) "$C" --gtest_brief=1 "--gtest_filter=$f"
done
# the hybrid path's racecheck to 5000 keys; in-place buckets' racecheck and synccheck
part 200 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 $(cs racecheck) "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_none:*/radix_u32_u64:*/radix_u64_none:*/radix_u64_u64"
for tool in racecheck synccheck; do
  f="*/radix_u32_none:*/radix_u32_u32:*/radix_u32_u64:*/radix_u64_none:*/radix_u64_u32:*/radix_u64_u64"; [ $tool = racecheck ] && f="*/radix_u32_u32:*/radix_u64_none:*/radix_u64_u64"
  part 200 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512-in-place $(cs $tool) "$C" --gtest_brief=1 "--gtest_filter=$f"
done
grep -E "^=== |^rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" "$L" | cut -c1-220
