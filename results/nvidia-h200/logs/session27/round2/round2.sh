#!/usr/bin/env bash
# Round 2 (session 27): the hybrid path for 8-byte keys -- conformance, sanitizers, then radix vs radix-lsd vs cub-radix.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
part() { local t=$1; shift; echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; tail -n 3 "$L"; }
C=$B/tests/gsb_conformance
G=$B/gpusort-bench
F8='*/radix_u64_*:*/radix_i64_*:*/radix_f64_*'
part 150 "$C" --gtest_brief=1 "--gtest_filter=$F8"
part 150 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 "$C" --gtest_brief=1 "--gtest_filter=$F8:*/radix_u32_*"
for tool in memcheck racecheck synccheck; do
  f='*/radix_u64_none:*/radix_i64_u32:*/radix_f64_u64:*/radix_u64_u64'
  [ $tool = racecheck ] && f='*/radix_u64_none:*/radix_u64_u64'
  part 150 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 \
    compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=$f"
done
part 200 "$G" --algo radix,radix-lsd,cub-radix --type u64,i64,f64 --values none,u32,u64 --n 1e8 --reps 10 --json "$OUT/r2-1e8.json"
part 150 "$G" --algo radix,radix-lsd,cub-radix --type u64 --values none,u32,u64 --n 2^24,2^27,2^28 --reps 5 --json "$OUT/r2-sizes.json"
part 100 env GSB_RADIX_HYBRID_MIN_N=1048576 "$G" --algo radix,radix-lsd --type u64 --values none,u64 --n 2^20,2^21,2^22,2^23,2^24 --reps 10 --json "$OUT/r2-threshold.json"
