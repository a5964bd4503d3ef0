#!/usr/bin/env bash
# Session 40, fourth call (about 2 min): where the path forced from n = 2 overtakes the LSD passes for 4-byte keys
# with values past round 3's 2.6e7 (f32 with values lost there: 0.967 / 0.930; uniform floats' top bits are skewed,
# so some buckets go through global memory), radix-lsd time / radix time, every 4-byte type, values none/u32/u64.
# Carry .carry/main.tar.xz (4afe4d2: the thresholds do not matter here).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 150 env GSB_RADIX_HYBRID_MIN_N=2 "$M/gpusort-bench" --algo radix,radix-lsd --type u32,i32,f32 \
  --values none,u32,u64 --n 2.4e7,2.8e7,3.2e7,3.6e7,4e7,4.5e7,5e7,6e7,7e7 --reps 10 --json "$OUT/r4-forced.json" -q
