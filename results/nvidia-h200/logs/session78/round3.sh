#!/usr/bin/env bash
# Session 78, round 3 (issue 19): the landed build (`final` = bd827a6, CUDAARCHS=90-real: four-way passes for pairs with
# 4- or 8-byte keys, and the 8-byte keys' tile sort gathering values through shared memory): merge-samples'
# conformance as it falls and with the four-way passes forced (small and large tiles), then the committed files again
# with their commands (session 77's round4.sh and round6.sh). Run from the repository root with LIMIT and OUT as
# device-round.sh says; carry .carry/.
set -u
source scripts/device-round.sh
X=$(unpack .carry/final.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 30 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 env GSB_MERGE_SAMPLES_QUAD=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
mkdir -p "$OUT/json"
part 80 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --n 1e8 --reps 5 --json "$OUT/json/merge-types-1e8.json" -q
part 40 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^23,2^24,2^25,2^26 \
  --reps 10 --json "$OUT/json/merge-mid.json" -q
part 80 "$X/gpusort-bench" --reps 5 --warmup 2 --json "$OUT/json/merge.json" --algo \
  merge-recursive,merge-cdp,merge-iterative,merge-samples,cub-merge,thrust --type u32 --values none,u32 \
  --n 2^20,2^24,1e8 --dist uniform,entropy-0.201
part 120 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8,f32 --values none,u32,u64 \
  --n 1,100,1e3,4864,1e4,2^16,2^18,2^20,2^21,2^22 --reps 20 --warmup 3 --json "$OUT/json/merge-small-n.json" -q
summary merge-samples cub-merge
