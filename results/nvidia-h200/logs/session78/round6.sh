#!/usr/bin/env bash
# Session 78, round 6 (issue 19): four-way passes from 1.5 waves of binary merge blocks for keys alone and 0.6 for pairs
# (`waves` = 79053d6, CUDAARCHS=90-real; round 5's reading) against the 3 waves of `final` (bd827a6), in turn, twice;
# then, with `waves`, merge-samples' conformance and the committed files whose sizes it changes (merge-small-n.json,
# merge-mid.json) again with their commands. Run from the repository root with LIMIT and OUT as device-round.sh says;
# carry .carry/.
set -u
source scripts/device-round.sh
X=$(unpack .carry/final.tar.xz)
W=$(unpack .carry/waves.tar.xz)
part 30 "$W/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
BUILDS="final=$X waves=$W" alternate 40 t --algo merge-samples,cub-merge --type u32,u64 --values none,u32,u64 \
  --n 2^19,2^20,2^21,2^22,6e6,2^23 --reps 10 --warmup 2 -q
BUILDS="final=$X waves=$W" alternate 30 s --algo merge-samples,cub-merge --type u8,u16,f32 --values none \
  --n 2^22,6e6,2^23,2^24 --reps 10 --warmup 2 -q
mkdir -p "$OUT/json"
part 40 "$W/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^23,2^24,2^25,2^26 \
  --reps 10 --json "$OUT/json/merge-mid.json" -q
part 120 "$W/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8,f32 --values none,u32,u64 \
  --n 1,100,1e3,4864,1e4,2^16,2^18,2^20,2^21,2^22 --reps 20 --warmup 3 --json "$OUT/json/merge-small-n.json" -q
summary merge-samples cub-merge t
summary merge-samples cub-merge s
summary merge-samples cub-merge merge
