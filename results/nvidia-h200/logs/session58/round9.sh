#!/usr/bin/env bash
# Session 58, round 9: the grid's rows at 1e7, 2^24 and 1e8 of every key type and value mode with the landed build
# (`final`, 0b5aeb2's device code; pairs gain only round 1's segment search, keys alone rounds 1-6), cub-radix in each
# run, for the heat map.
set -u
source scripts/device-round.sh
F=$(unpack .carry/final.tar.xz)
part 300 "$F/gpusort-bench" --algo radix,cub-radix --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 \
  --n 1e7,2^24,1e8 --reps 10 -q --json "$OUT/radix-grid.s58-final.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
