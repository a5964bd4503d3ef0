#!/usr/bin/env bash
# Session 54, round 10: the grid's 2^32+17 column where it was not run (only u32 keys were, 1.004x, session 39): the
# landed build (`final`, 9c87fe3), radix and cub-radix in one run per key type, keys alone, 5 repetitions (as the
# xl sub-run's u32), every case validated; the tool skips a case that does not fit the device's memory.
set -u
source scripts/device-round.sh
R=$(unpack .carry/final.tar.xz)
for t in u8 u16 i32 f32 u64 f64 i64; do
  part 110 "$R/gpusort-bench" --algo radix,cub-radix --type $t --n 2^32+17 --reps 5 -q \
    --json "$OUT/radix-grid.s54-xl-$t.json"
done
grep -E "^=== |^rc=" "$L" | cut -c1-160
