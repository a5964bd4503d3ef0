#!/usr/bin/env bash
# Session 53, round 8: 4-byte keys with u32 values near their hybrid threshold (6e6), the landed build (`head`,
# 7b8d232): radix, radix-lsd (the LSD passes alone) and cub-radix in one run, uniform and the skewed distributions
# whose cells round 7 found at 0.988-1.000x (entropy-0.201 / 0.337 / 0.544 and Zipf), at 6e6, 7e6 and 8e6.
set -u
source scripts/device-round.sh
H=$(unpack .carry/head.tar.xz)
part 200 "$H/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 --values u32 \
  --dist uniform,entropy-0.544,entropy-0.337,entropy-0.201,zipf --n 6e6,7e6,8e6 --reps 10 -q \
  --json "$OUT/pairs-threshold.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
