#!/usr/bin/env bash
# Session 101, round 3 (issue 19): the landed build (w768c, .carry/w768c.tar.xz) on inputs whose buckets reach the
# 768-thread in-place shape other than uniform keys: u32+u32 at 8e8 over skewed distributions (long runs take the
# kernel's stable-round fallback), and i32+u32 at 9e8 uniform, each validated, cub-radix in the same run. For the
# device time left to the session (about 390 s), on whichever GPU comes.
set -u
LIMIT=${LIMIT:-200}
. scripts/device-round.sh
W=$(unpack .carry/w768c.tar.xz)
part 150 "$W/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 --n 8e8 \
  --dist zipf,few-unique,sorted,entropy-0.544 --reps 3 --warmup 1 -q --json "$OUT/skew-w768c.json"
part 40 "$W/gpusort-bench" --algo radix,cub-radix --type i32 --values u32 --n 9e8 --reps 3 --warmup 1 -q \
  --json "$OUT/i32-w768c.json"
summary radix cub-radix
