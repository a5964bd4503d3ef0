#!/usr/bin/env bash
# Session 74 round 3, on an H200 (issue 19): the landed build (`land`) re-runs the committed files its change touches,
# with the same commands as their earlier runs: results/nvidia-h200/merge.json, merge-small-n.json, merge-mid.json,
# merge-types-1e8.json (session 73, round 3) and networks.json (scripts/sweep.sh --parts networks --reps 5: warm-up
# 2), networks-npot.json (reps 10; the networks' dependent launches of session 73 were not in the earlier files).
# Build: CUDAARCHS=90-real cmake --preset release && cmake --build build/release; scripts/pack-build.sh build/release
# wide (round 2: the build landed; its tree is fc9cf8d plus the change). Run: LIMIT=540 bash <this>.
set -u
source scripts/device-round.sh
X=$(unpack .carry/wide.tar.xz)
mkdir -p "$OUT/json"
part 60 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^23,2^24,2^25,2^26 \
  --reps 10 --json "$OUT/json/merge-mid.json" -q
part 110 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --n 1e8 --reps 5 --json "$OUT/json/merge-types-1e8.json" -q
part 60 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8,f32 --values none,u32,u64 \
  --n 1,100,1e3,4864,1e4,2^16,2^18,2^20,2^21,2^22 --reps 20 --warmup 3 --json "$OUT/json/merge-small-n.json" -q
part 100 "$X/gpusort-bench" --reps 5 --warmup 2 --json "$OUT/json/merge.json" --algo \
  merge-recursive,merge-cdp,merge-iterative,merge-samples,cub-merge,thrust --type u32 --values none,u32 \
  --n 2^20,2^24,1e8 --dist uniform,entropy-0.201
part 110 "$X/gpusort-bench" --reps 5 --warmup 2 --json "$OUT/json/networks.json" \
  --algo bitonic,odd-even-merge,cub-radix,cub-merge,thrust --type u32 --values none,u32 --n 2^20,2^24,1e8,2^30 \
  --dist uniform
part 60 "$X/gpusort-bench" --reps 10 --warmup 2 --json "$OUT/json/networks-npot.json" \
  --algo bitonic,odd-even-merge,cub-merge --type u32 --values none,u32 --n 2^24,16777217,25165824,2^25,1e8,2^27
summary merge-samples cub-merge
