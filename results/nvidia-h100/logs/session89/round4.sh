#!/usr/bin/env bash
# Session 89 round 6 (issue 19, radix): the segment sort in shared memory: after the first MSD pass each top-8-bit
# bucket of up to 17408 pairs is sorted by one block's cub::BlockRadixSort over its 24 low bits (segment_sort.cuh),
# in place of the second pass, the plan and the bucket sort (experiment knob GSB_RADIX_SEGMENT_SORT_MAX_N). Two
# builds (e5b732d + the kernel): `seg512` 512 x 34 (128 registers, 420 B spilled), `seg1024` 1024 x 17 (64 registers,
# 456 B spilled). Checks forced from n = 2, then knob off / on in each build, twice, cub-radix in every run.
set -u
source scripts/device-round.sh
A=$(unpack .carry/seg512.tar.xz)
B=$(unpack .carry/seg1024.tar.xz)
ON="env GSB_RADIX_SEGMENT_SORT_MAX_N=67108864"
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
for x in "$A" "$B"; do
  part 60 $ON GSB_RADIX_HYBRID_MIN_N=2 "$x/tests/gsb_conformance" --gtest_brief=1 "$P"
done
for tool in memcheck racecheck synccheck; do
  part 50 $ON GSB_RADIX_HYBRID_MIN_N=2 compute-sanitizer --tool $tool --error-exitcode 9 "$A/gpusort-bench" \
    --algo radix --type u32,f32 --values u32 --n 3000,70000 --dist uniform,zipf --order asc,desc --reps 1 \
    --warmup 0 -q --json "$OUT/seg512-$tool.json"
done
T=(--algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,3e6,4e6,4.3e6 --reps 10 -q)
for round in a b; do
  part 30 "$A/gpusort-bench" "${T[@]}" --json "$OUT/t-off-$round.json"
  part 30 $ON "$A/gpusort-bench" "${T[@]}" --json "$OUT/t-on512-$round.json"
  part 30 $ON "$B/gpusort-bench" "${T[@]}" --json "$OUT/t-on1024-$round.json"
done
summary radix cub-radix t-
