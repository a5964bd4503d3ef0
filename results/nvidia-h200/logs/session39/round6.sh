#!/usr/bin/env bash
# Session 39, round 6: round 5's machine still warm, this command given to the device tool as it stands (more points
# around the crossovers; 4-byte keys with u64 values; 8-byte keys with values). Carry .carry/main.tar.xz.
source scripts/device-round.sh; A=$(unpack .carry/main.tar.xz); LIMIT=100
part 45 env GSB_RADIX_HYBRID_MIN_N=2 "$A/gpusort-bench" --algo radix,radix-lsd --type u32,f32,i32 --values none,u32,u64 \
  --n 2.6e7,3.6e7,4.2e7 --reps 10 --json "$OUT/r6-4byte.json" -q
part 40 env GSB_RADIX_HYBRID_MIN_N=2 "$A/gpusort-bench" --algo radix,radix-lsd --type u64,f64 --values none,u32,u64 \
  --n 1.2e7,1.4e7,2^24,1.9e7 --reps 10 --json "$OUT/r6-8byte.json" -q
grep -E "^=== |^rc=" "$L" | cut -c1-120
