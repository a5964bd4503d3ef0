#!/usr/bin/env bash
# Round 5 (session 29, H200): buckets past a block sorted one block each through global memory (large_buckets.cuh)
# -- conformance and the sanitizers with it forced (GSB_RADIX_LARGE_BUCKETS_ABOVE) from n = 2, then float keys at 1e9.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,driver_version,serial --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt 580 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
C=$B/tests/gsb_conformance
G=$B/gpusort-bench
ALL="*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
part 90 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 "$C" --gtest_brief=1 "--gtest_filter=$ALL"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_LARGE_BUCKETS_ABOVE=60 GSB_RADIX_BUCKET_THREADS=512-in-place "$C" --gtest_brief=1 "--gtest_filter=$ALL"
S="*/radix_u32_none:*/radix_u32_u64:*/radix_u64_none:*/radix_f64_u32:*/radix_u64_u64"
for tool in memcheck synccheck; do
  part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 GSB_CONFORMANCE_QUICK=1 \
    GSB_CONFORMANCE_MAX_N=5000 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=$S"
done
part 100 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 GSB_CONFORMANCE_QUICK=1 \
  GSB_CONFORMANCE_MAX_N=3000 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_u64_u64"
A=radix,radix-lsd,cub-radix
part 80 "$G" --algo $A --type f64 --values none --n 1e9 --reps 5 --json "$OUT/r5-f64-1e9.json"
part 60 "$G" --algo $A --type f32 --values none --n 1e9 --reps 5 --json "$OUT/r5-f32-1e9.json"
part 60 "$G" --algo radix,cub-radix --type u64 --values none --n 1e9 --reps 5 --json "$OUT/r5-u64-1e9.json"
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|^radix|^cub" "$L"
