#!/usr/bin/env bash
# Session 74 round 6, on an H200 (issue 19), the machine still warm from round 5: the committed merge files whose
# 8-byte rows round 5's policy changes, again with the `t8` build (landed) and the same commands as round 3:
# results/nvidia-h200/merge-types-1e8.json, merge-mid.json, merge-small-n.json. Run: LIMIT=120 bash <this>.
set -u
source scripts/device-round.sh
X=$(unpack .carry/t8.tar.xz)
mkdir -p "$OUT/json"
part 20 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^23,2^24,2^25,2^26 \
  --reps 10 --json "$OUT/json/merge-mid.json" -q
part 60 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --n 1e8 --reps 5 --json "$OUT/json/merge-types-1e8.json" -q
part 15 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8,f32 --values none,u32,u64 \
  --n 1,100,1e3,4864,1e4,2^16,2^18,2^20,2^21,2^22 --reps 20 --warmup 3 --json "$OUT/json/merge-small-n.json" -q
summary merge-samples cub-merge
