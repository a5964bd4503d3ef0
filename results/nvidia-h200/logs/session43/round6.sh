#!/usr/bin/env bash
# Session 43, round 6: the skewed distributions at n = 1e8 (rounds 15-18's table) with the build that landed
# (c7c5301's device code; the sample's mark polled, its atomics added per warp): radix, radix-lsd and cub-radix in one
# run, 4-byte keys (u32, i32, f32) and 8-byte keys (u64, i64) alone and with u32 values, entropy-0.811 ... 0.201 and Zipf.
# Carry .carry/final.tar.xz.
set -u
source scripts/device-round.sh
F=$(unpack .carry/final.tar.xz)
D=entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
part 150 "$F/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 --values none,u32 --n 1e8 --dist "$D" \
  --reps 5 --json "$OUT/skewed-1e8-4byte.json" -q
part 120 "$F/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,i64 --values none,u32 --n 1e8 --dist "$D" \
  --reps 5 --json "$OUT/skewed-1e8-8byte.json" -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -6
