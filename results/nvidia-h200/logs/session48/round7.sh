#!/usr/bin/env bash
# Session 48, round 7 (about 5 min), from `final` (1a4a3ff's device code): the inputs the skew sample sends to the LSD
# passes, now that the 16-bit histogram runs beside the sample until its verdict (round 5: u32 entropy-0.811 and Zipf
# at 1e7 2.5-3.3 us slower): every 4- and 8-byte key type alone and with u32 values at 1e8, the four entropies and
# Zipf (the cells of radix-dist.round28-*.json that stood nearest 1.0); then the grid's keys-alone rows at 1e6, 1e8,
# 2^27, 2^28 of every 4- and 8-byte type from the same build. Carry .carry/final.tar.xz.
set -u
source scripts/device-round.sh
FI=$(unpack .carry/final.tar.xz)
part 260 "$FI/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,u64,i64,f64 --values none,u32 --n 1e8 \
  --dist entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf --reps 5 -q --json "$OUT/radix-dist.s48-skewed.json"
part 200 "$FI/gpusort-bench" --reps 10 --warmup 2 --algo radix,cub-radix --type u32,i32,f32,u64,i64,f64 --values none \
  --n 1e6,1e8,2^27,2^28 --dist uniform --order asc -q --json "$OUT/radix-grid.s48-keys.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
