#!/usr/bin/env bash
# Session 48, round 3 (about 6 min). `new`: round 2's warp bucket sort by runs, now only for buckets of up to 256 keys
# (it lost past them: 2.6e7 and 3.6e7 u32 keys 2-4% slower), held to 32 registers, with a __syncwarp before its
# fallback clears the counts (round 2's racecheck: the scan's writes and the clearing, 98 hazards); and the 16-bit
# histogram beside the skew sample (a programmatic dependent of it: round 1's ncu put the sample at 12.4 us before the
# histogram at 1e7), stopping where the sample sets *skewed, and waiting for the sample only at its end; both kernels
# held to registers with which a block of each fits one multiprocessor. Checks: parts test and its warp-bucket test
# under memcheck and racecheck, the forced path's conformance (with u16: the counting sort shares the histogram), the
# sanitizers over it; then main (78931c0) / new alternated twice with cub-radix in every run. Carry .carry/{main,new}.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
N=$(unpack .carry/new.tar.xz)
part 20 "$N/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
for tool in memcheck racecheck; do
  part 40 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$N/tests/radix/gsb_radix_parts_tests" \
    --gtest_brief=1 '--gtest_filter=*WarpBuckets*'
done
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none:*/radix_u16_*'
part 45 env GSB_RADIX_HYBRID_MIN_N=2 "$N/tests/gsb_conformance" --gtest_brief=1 "$F"
part 45 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=32 "$N/tests/gsb_conformance" --gtest_brief=1 "$F"
S='--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none:*/radix_u64_none:*/radix_u16_none'
for tool in memcheck synccheck; do
  part 30 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=20000 GSB_RADIX_HYBRID_MIN_N=2 \
    compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$N/tests/gsb_conformance" --gtest_brief=1 "$S"
done
part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=10000 GSB_RADIX_HYBRID_MIN_N=2 \
  compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$N/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_none'
BUILDS="main=$M new=$N"
alternate 30 uni --algo radix,cub-radix --type u32,i32,f32,u64 --values none --n 1e7,2^24,1e8 --reps 10 -q
alternate 30 skew --algo radix,cub-radix --type u32,u64 --values none --n 1e7,1e8 \
  --dist sorted,few-unique,entropy-0.811,zipf --reps 10 -q
alternate 15 u16 --algo radix,cub-radix --type u16 --values none --n 1e7,1e8 --reps 10 -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -40
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -40
