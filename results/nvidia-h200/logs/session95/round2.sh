#!/usr/bin/env bash
# Session 95, round 2 on an H200 (kind nvidia-h200 with needs_h200; issue 19): the msd form's smaller block (1024 x 17
# pairs, the values waiting in shared memory: PathSegmentSmallShape, NOTES.md round 86) where every top-8-bit bucket
# fits it (the segment histogram's verdict segment_fits_small), its first GPU run. `mid` is round 1's build
# (.carry/s95.tar.xz, 703d0b1: the msd form's 1024 x 24 block to about 6.13e6), `new` .carry/s95v.tar.xz (build/release
# with the smaller block, CUDAARCHS=90-real, tools on).
#  (1) the parts tests of the segment histogram (its new verdict) and of each block, then under memcheck,
#      racecheck and synccheck; the radix conformance of 4-byte pairs with the segment sort forced from n = 2 (msd: the smaller
#      block), and as it falls; memcheck of the forced msd form;
#  (2) mid and new in turn, twice, cub-radix in every run, validated: u32/i32/f32 with u32 values from 2^22 to 4.4e6
#      (past the smaller block's window: the same block in both), other distributions at 2^22.
set -u
LIMIT=${LIMIT:-300}
. scripts/device-round.sh
A=$(unpack .carry/s95.tar.xz)
B=$(unpack .carry/s95v.tar.xz)
F=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2)
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
S="--gtest_filter=*Segment*"
part 20 "$B/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 "$S"
part 40 compute-sanitizer --tool memcheck --error-exitcode 9 "$B/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 "$S"
part 60 compute-sanitizer --tool racecheck --error-exitcode 9 "$B/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 \
  "--gtest_filter=*SegmentSort*"
part 40 compute-sanitizer --tool synccheck --error-exitcode 9 "$B/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 \
  "--gtest_filter=*SegmentSort*"
part 30 "${F[@]}" "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
part 30 "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
part 40 "${F[@]}" compute-sanitizer --tool memcheck --error-exitcode 9 "$B/gpusort-bench" --algo radix --type u32,f32 \
  --values u32 --order asc,desc --dist uniform,sorted,few-unique,zipf --n 2,33,3000,17409,70000 --warmup 0 --reps 1 -q \
  --json "$OUT/small-memcheck.json"
BUILDS="mid=$A new=$B"
alternate 20 w --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,3e6,4e6,4.3e6,4.4e6 --reps 10 -q
alternate 15 d --algo radix,cub-radix --type u32 --values u32 --n 2^22 --dist sorted,few-unique,zipf --reps 10 -q
summary radix cub-radix
