#!/usr/bin/env bash
# Session 50, round 5: the landed build (5f786e3: round 3's thresholds, round 4's folded top counts). The grid's
# rows where they changed (every key type, values none / u32 / u64, n = 1e6, 1e7, 2^24; 10 repetitions); 2^22 and
# 6e6 off the grid; every distribution where the thresholds moved (4-byte keys alone at 2^22, 6e6, 1e7; 8-byte keys
# with u64 values at 1.5e6). cub-radix in every run.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 150 "$M/gpusort-bench" --algo radix,cub-radix --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 \
  --n 1e6,1e7,2^24 --reps 10 -q --json "$OUT/radix-grid.s50-small.json"
part 90 "$M/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --n 2^22,6e6 --reps 10 -q --json "$OUT/off-grid.json"
D=uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
part 120 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 --n 2^22,6e6,1e7 --dist "$D" \
  --reps 10 -q --json "$OUT/dist-4byte.json"
part 60 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,i64,f64 --values u64 --n 1.5e6 --dist "$D" \
  --reps 10 -q --json "$OUT/dist-8byte.json"
grep -E "^=== |^rc=" "$L" | cut -c1-140
