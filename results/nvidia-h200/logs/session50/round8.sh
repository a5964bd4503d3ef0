#!/usr/bin/env bash
# Session 50, round 8: 4d7bbe7's 1024-thread in-place buckets on 4-byte keys alone across the window they opened
# (1.68e9 to 2^31; round 7: u32 at 2e9 1.369x, 1.063x with the LSD passes): u32, i32 and f32 at 1.8e9 and 2^31,
# cub-radix in the same run, 3 repetitions.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 280 "$M/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --n 1.8e9,2^31 --reps 3 -q \
  --json "$OUT/radix-grid.s50-past-1.68e9.json"
grep -E "^=== |^rc=" "$L" | cut -c1-140
