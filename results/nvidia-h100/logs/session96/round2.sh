#!/usr/bin/env bash
# Session 96, round 2 on an H100 (issue 19): synccheck of session 95's smaller msd block (PathSegmentSmallShape), which
# round 86's call did not run: the segment sort parts tests of .carry/s95v.tar.xz (the build that landed it,
# 164482d's code, CUDAARCHS=90-real) under compute-sanitizer's synccheck; then the forced msd form under synccheck
# through gpusort-bench (u32 and f32 keys with u32 values, both orders, uniform, sorted, few-unique and Zipf,
# 2 .. 70000 keys: the smaller block where the buckets fit it, the 1024 x 24 one past it).
set -u
LIMIT=${LIMIT:-120}
. scripts/device-round.sh
B=$(unpack .carry/s95v.tar.xz)
F=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2)
part 60 compute-sanitizer --tool synccheck --error-exitcode 9 "$B/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 \
  "--gtest_filter=*SegmentSort*"
part 50 "${F[@]}" compute-sanitizer --tool synccheck --error-exitcode 9 "$B/gpusort-bench" --algo radix \
  --type u32,f32 --values u32 --order asc,desc --dist uniform,sorted,few-unique,zipf --n 2,33,3000,17409,70000 \
  --warmup 0 --reps 1 -q --json "$OUT/small-synccheck.json"
summary radix cub-radix
