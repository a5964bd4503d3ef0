#!/usr/bin/env bash
# Session 43, first call (planned in session 42, about 8 min): every distribution where session 42 lowered the hybrid
# path's thresholds (4-byte keys from 9e6 alone, 6e6 with u32 values, 2^22 with u64 values, f32 later; 8-byte keys
# from 2^21; NOTES.md round 26). Where the skew sample sends an input to the LSD passes it pays about 21-36 us over
# radix-lsd (round 16, at 1e8); near the new thresholds that is a larger share of the sort, and no skewed input was
# measured there. radix, radix-lsd and cub-radix in one run on one input, 5 repetitions, every case validated.
#  1. 4-byte keys (u32, i32, f32) x none/u32/u64 at 4.2e6 ... 2.6e7;
#  2. 8-byte keys (u64, i64, f64) x none/u32/u64 at 2^21 ... 1.6e7;
# the skewed distributions and sorted keys (the grid has uniform ones; the others at 1e8 are rounds 15-17's table).
# If radix falls under cub-radix where radix-lsd does not, the thresholds move up for those widths
# (hybrid_min_items) or the fallback gets cheaper (NOTES.md round 16's graph conditional node).
# Carry .carry/main.tar.xz (main's build: scripts/pack-build.sh build/release main).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
D=sorted,few-unique,entropy-0.811,entropy-0.201,zipf
part 240 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 --values none,u32,u64 \
  --n 4194304,6e6,9e6,1.2e7,2^24,2.6e7 --dist "$D" --reps 5 --json "$OUT/skew-4byte.json" -q
part 240 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,i64,f64 --values none,u32,u64 \
  --n 2^21,3e6,2^22,1e7,1.6e7 --dist "$D" --reps 5 --json "$OUT/skew-8byte.json" -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -10
