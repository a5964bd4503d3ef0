#!/usr/bin/env bash
# Session 89 round 7 (issue 19, radix): the landing build of the segment sort (`segland`: 512 x 34 blocks, from
# the path's first n to segment_sort_last_items, about 4.32e6 4-byte pairs). Its checks forced from n = 2
# (GSB_RADIX_SEGMENT_SORT_MIN_N), then off (the knob past n) / on, twice, cub-radix in every run, and the grid's
# 2^22 cells of 4-byte keys with u32 values.
set -u
source scripts/device-round.sh
A=$(unpack .carry/segland.tar.xz)
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2 "$A/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
part 40 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2 \
  compute-sanitizer --tool memcheck --error-exitcode 9 "$A/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=*/radix_u32_u32:*/radix_f32_u32"
T=(--algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,4.3e6 --reps 10 -q)
for round in a b; do
  part 20 env GSB_RADIX_SEGMENT_SORT_MIN_N=100000000 "$A/gpusort-bench" "${T[@]}" --json "$OUT/t-off-$round.json"
  part 20 "$A/gpusort-bench" "${T[@]}" --json "$OUT/t-on-$round.json"
done
part 30 "$A/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22 --reps 5 -q \
  --json "$OUT/radix-grid.s89-2p22.json"
summary radix cub-radix t-
