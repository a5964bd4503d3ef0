#!/usr/bin/env bash
# Session 48, round 2 (about 7 min). The warp bucket sort of 4-byte keys alone by runs (warp_buckets.cuh): by bits
# 8 .. 15 first (a counting sort, places from the atomics), then each run of one such digit by comparison, where a
# bucket's longest run holds at most warp_bucket_run_most (8) keys; the rounds from bit 0 as before otherwise. Round 1's
# ncu at 1e7 u32 keys: the warp kernel 88.9 us of 264 (clocks at base). Builds: main (78931c0), runs (the kernel at
# 40 registers, unasked), runs32 (held to 32, as before: 64 warps an SM). Parts test (with the new warp-bucket test)
# and it under memcheck and racecheck; the forced path's conformance and sanitizers from runs32; the hybrid path
# through compute_80 PTX (main's sm80 build, the places kernels never ran that way); then the three builds alternated
# twice with cub-radix in each run, uniform keys near and below 2^24, and skewed inputs at 1e7.
# Carry .carry/{main,runs,runs32,sm80}.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
R=$(unpack .carry/runs.tar.xz)
R32=$(unpack .carry/runs32.tar.xz)
P8=$(unpack .carry/sm80.tar.xz)
part 20 "$R32/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
for tool in memcheck racecheck; do
  part 40 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$R32/tests/radix/gsb_radix_parts_tests" \
    --gtest_brief=1 '--gtest_filter=*WarpBuckets*'
done
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none'
part 45 env GSB_RADIX_HYBRID_MIN_N=2 "$R32/tests/gsb_conformance" --gtest_brief=1 "$F"
S='--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none'
for tool in memcheck synccheck; do
  part 30 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=20000 GSB_RADIX_HYBRID_MIN_N=2 \
    compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$R32/tests/gsb_conformance" --gtest_brief=1 "$S"
done
part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=10000 GSB_RADIX_HYBRID_MIN_N=2 \
  compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$R32/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_none'
part 45 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 "$P8/tests/gsb_conformance" --gtest_brief=1 "$F"
BUILDS="main=$M runs=$R runs32=$R32"
alternate 25 uni --algo radix,cub-radix --type u32,i32,f32 --values none --n 1e7,2^24,2.6e7,3.6e7 --reps 10 -q
alternate 15 skew --algo radix,cub-radix --type u32 --values none --n 1e7 \
  --dist sorted,nearly-sorted,few-unique,entropy-0.811,zipf --reps 10 -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -40
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -40
