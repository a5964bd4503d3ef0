#!/usr/bin/env bash
# Session 77 round 6, on an H200 (issue 19): the landed tree (`final2` = 3aecfd3). merge-samples' conformance as it
# falls; the committed merge files round 5's change touches, with their commands (merge-types-1e8.json,
# merge-mid.json, merge.json; merge-small-n.json, whose passes come in fewer than 7 waves, stays as round 4 wrote it).
set -u
source scripts/device-round.sh
X=$(unpack .carry/final2.tar.xz)
part 30 "$X/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
mkdir -p "$OUT/json"
part 80 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --n 1e8 --reps 5 --json "$OUT/json/merge-types-1e8.json" -q
part 40 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^23,2^24,2^25,2^26 \
  --reps 10 --json "$OUT/json/merge-mid.json" -q
part 80 "$X/gpusort-bench" --reps 5 --warmup 2 --json "$OUT/json/merge.json" --algo \
  merge-recursive,merge-cdp,merge-iterative,merge-samples,cub-merge,thrust --type u32 --values none,u32 \
  --n 2^20,2^24,1e8 --dist uniform,entropy-0.201
summary merge-samples cub-merge
