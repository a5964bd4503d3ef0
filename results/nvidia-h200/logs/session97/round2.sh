#!/usr/bin/env bash
# Session 97, round 2 on an H200 (kind nvidia-h200 with needs_h200; issue 19): the grid's 1e9 cells of 4-byte keys
# with u32 values from main's device code (.carry/s96p.tar.xz, 328ddb1). The heat map's 1e9 cells of u32, i32 and f32
# keys with u32 values are session 65's (1.27-1.32x cub-radix, radix-grid.s65-pairs-1e9.json); rounds 67-70 (the
# in-place kernels of two and three blocks an SM, the 32-row kernel carrying positions) ran at 1e9 on an H100 only
# (1.36x there), and round 72's H200 call stopped at 7e8. Validated (every repetition), medians of 5, cub-radix in the
# same run: radix-grid.s97-pairs-1e9.json.
set -u
LIMIT=${LIMIT:-240}
. scripts/device-round.sh
N=$(unpack .carry/s96p.tar.xz)
part 200 "$N/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 1e9 --reps 5 -q \
  --json "$OUT/radix-grid.s97-pairs-1e9.json"
summary radix cub-radix
