#!/usr/bin/env bash
# Session 105, round 1 on an H200 (kind nvidia-h200 with needs_h200; issue 19), in place of session 104's round 2
# (../session104/round2.sh), which got no machine: the H200's first look at t384, and p44.
# Carries .carry/s104.tar.xz (main before a1a6828), .carry/t384.tar.xz (main's device code on sm_90 since a1a6828:
# the hybrid passes of 4-byte keys with u32 values, and the LSD passes that path hands skewed pairs to, at 384 x 24
# with 2 blocks an SM in place of 256 x 24 at 3) and .carry/p44.tar.xz (main with p44.patch: 4-byte pairs' buckets
# past the 768-thread kernel's 22 rows, 16896 keys, sorted by that kernel with 44 rows, one block an SM, to 33792
# keys, so that the hybrid path takes u32+u32 to about 2.1e9 keys where the LSD passes sorted them past about 1.04e9).
# Its parts in the order that matters when the device time left is short (LIMIT cuts the rest; about 200 s still runs
# (1) and p44's parts test and conformance):
#  (1) main and t384 in turn, twice, cub-radix in every run: u32+u32 uniform from 2^22 to 1e9;
#  (2) p44's checks: the parts test of the in-place pair kernels (the 44-row one on buckets of 16897-33792 keys);
#      the radix conformance of 4-byte keys with u32 values, the hybrid path forced from n = 2 with every bucket in
#      the 44-row kernel; memcheck, synccheck and racecheck of that;
#  (3) t384 (the LSD passes there) and p44 in turn, twice, cub-radix in every run: u32+u32 at 1.2e9 and 2e9; p44
#      validated at 1.5e9 (u32 and f32 keys with u32 values);
#  (4) main and t384 in turn on Zipf and entropy-0.201 at 1e7 and 1e8; t384's grid cells of 4-byte keys with u32
#      values, validated (5 repetitions to 2^28, 3 at 1e9 for u32).
set -u
LIMIT=${LIMIT:-555}
. scripts/device-round.sh
M=$(unpack .carry/s104.tar.xz)
T=$(unpack .carry/t384.tar.xz)
Q=$(unpack .carry/p44.tar.xz)
BUILDS="main=$M t384=$T"
alternate 40 w --algo radix,cub-radix --type u32 --values u32 --n 2^22,1e7,2^24,1e8,2^28,1e9 --reps 5 --validate none -q
F=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=768-in-place-44)
part 20 "$Q/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 "--gtest_filter=*InPlaceBucketsSortPairs*"
part 30 "${F[@]}" "$Q/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
C=(--algo radix --type u32,f32 --values u32 --order asc,desc --warmup 0 --reps 1 -q)
for tool in memcheck synccheck; do
  part 25 "${F[@]}" compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 20 "$Q/gpusort-bench" "${C[@]}" \
    --dist uniform,sorted,few-unique,zipf --n 2,33,3000,17409,70000 --json "$OUT/p44-$tool.json"
done
part 25 "${F[@]}" compute-sanitizer --tool racecheck --error-exitcode 9 --print-limit 20 "$Q/gpusort-bench" "${C[@]}" \
  --dist uniform,few-unique --n 33,20000,70000 --json "$OUT/p44-racecheck.json"
BUILDS="t384=$T p44=$Q"
alternate 30 x --algo radix,cub-radix --type u32 --values u32 --n 1.2e9,2e9 --reps 3 --validate none -q
part 60 "$Q/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 --n 1.5e9 --reps 2 -q \
  --json "$OUT/valid-p44.json"
BUILDS="main=$M t384=$T"
alternate 15 d --algo radix,cub-radix --type u32 --values u32 --n 1e7,1e8 --dist zipf,entropy-0.201 --reps 5 \
  --validate none -q
part 60 "$T/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,1e7,2^24,1e8,2^28 \
  --reps 5 -q --json "$OUT/grid-t384.json"
part 40 "$T/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 --n 1e9 --reps 3 -q \
  --json "$OUT/grid-t384-1e9.json"
summary radix cub-radix
