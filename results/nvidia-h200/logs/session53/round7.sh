#!/usr/bin/env bash
# Session 53, round 7: every distribution near the hybrid path's thresholds with the landed build (`head`, 7b8d232):
# u32, i32 and f32 keys alone and with u32 or u64 values at 2^22, 6e6 and 1e7, cub-radix in each run (one run; the
# skewed ones take the LSD passes after the sample's verdict).
set -u
source scripts/device-round.sh
H=$(unpack .carry/head.tar.xz)
part 250 "$H/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values none,u32,u64 \
  --dist sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf \
  --n 2^22,6e6,1e7 --reps 7 -q --json "$OUT/dist-4byte.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
