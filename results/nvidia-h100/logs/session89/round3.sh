#!/usr/bin/env bash
# Session 89 round 5 (issue 19, radix): the segment sort (experiment knob GSB_RADIX_SEGMENT_SORT_MAX_N, in the build
# `seg` = 71135ce + the knob): after the first MSD pass each top-8-bit bucket is sorted by one block through global
# memory (large_bucket_kernel, three 8-bit rounds over the 24 low bits, half 1 -> 0 -> 1 -> 0), in place of the plan,
# the second pass and the bucket sort. Checks with it forced from n = 2 (conformance of u32/i32/f32 keys, every value
# mode; the three sanitizers), then the knob off / on alternated twice in one build, cub-radix in every run.
set -u
source scripts/device-round.sh
A=$(unpack .carry/seg.tar.xz)
ON="env GSB_RADIX_SEGMENT_SORT_MAX_N=67108864"
part 150 $ON GSB_RADIX_HYBRID_MIN_N=2 "$A/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*"
for tool in memcheck racecheck synccheck; do
  part 50 $ON GSB_RADIX_HYBRID_MIN_N=2 compute-sanitizer --tool $tool --error-exitcode 9 "$A/gpusort-bench" \
    --algo radix --type u32,f32 --values none,u32 --n 3000,70000 --dist uniform,zipf --order asc,desc --reps 1 \
    --warmup 0 -q --json "$OUT/seg-$tool.json"
done
for round in a b; do
  part 40 "$A/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,5e6,6e6,8e6,1e7,2^24 \
    --reps 10 -q --json "$OUT/t-off-$round.json"
  part 40 $ON "$A/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,5e6,6e6,8e6,1e7,2^24 \
    --reps 10 -q --json "$OUT/t-on-$round.json"
done
part 30 "$A/gpusort-bench" --algo radix --type u32 --values none --n 2^22,1e7 --reps 10 -q --json "$OUT/k-off.json"
part 30 $ON "$A/gpusort-bench" --algo radix --type u32 --values none --n 2^22,1e7 --reps 10 -q --json "$OUT/k-on.json"
summary radix cub-radix t-
