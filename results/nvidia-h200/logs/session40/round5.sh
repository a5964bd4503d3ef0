#!/usr/bin/env bash
# Session 40, fifth call (about 7 min): main with the thresholds set from rounds 3-4 (hybrid_min_items: 4-byte keys
# 2.6e7 alone, 2.4e7 with 4-byte values, 3e7 with 8-byte ones, f32 with values 3.6e7 / 5e7; 8-byte keys 1.6e7 /
# 1.3e7 / 1.1e7) and the 64-thread bucket shape for small buckets.
#  1. as built: radix, radix-lsd and cub-radix on both sides of each threshold;
#  2. the grid's main sub-run (n <= 2^28, every key type, values none/u32/u64), replacing radix-grid.json (a490dcf).
# Carry .carry/main.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 70 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 --values none,u32,u64 \
  --n 2.2e7,2.6e7,3e7,3.6e7,5e7 --reps 10 --json "$OUT/r5-built-4byte.json" -q
part 50 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,i64,f64 --values none,u32,u64 \
  --n 1e7,1.1e7,1.3e7,1.6e7 --reps 10 --json "$OUT/r5-built-8byte.json" -q
mkdir -p "$OUT/grid"
part 440 env GSB_TOOL="$M/gpusort-bench" scripts/sweep.sh --parts radix-grid --grid-runs main --no-plot --out "$OUT/grid"
tail -3 "$OUT/grid/sweep.log"
