#!/usr/bin/env bash
# Session 74 round 4, on an H200 (issue 19), the machine still warm from round 3: networks.json again with round 3's
# build (`wide`) and a longer limit (round 3 cut it at 110 s, in its 2^30 cases), the same command as its earlier run
# (scripts/sweep.sh --parts networks --reps 5: warm-up 2); then radix against cub-radix on skewed u32 keys at 8.2e8
# and 1e9, where the 1024-thread bucket kernel's capacity applies (its one-warp runs on such inputs not measured
# before). Run: LIMIT=370 bash <this>.
set -u
source scripts/device-round.sh
X=$(unpack .carry/wide.tar.xz)
mkdir -p "$OUT/json"
part 250 "$X/gpusort-bench" --reps 5 --warmup 2 --json "$OUT/json/networks.json" \
  --algo bitonic,odd-even-merge,cub-radix,cub-merge,thrust --type u32 --values none,u32 --n 2^20,2^24,1e8,2^30 \
  --dist uniform
part 110 "$X/gpusort-bench" --algo radix,cub-radix --type u32 --values none --n 8.2e8,1e9 \
  --dist zipf,entropy-0.811,entropy-0.544 --reps 3 --warmup 1 -q --json "$OUT/radix-skewed.json"
summary cub-radix radix radix-
