#!/usr/bin/env bash
# Session 50, round 3: round 2 moves the hybrid path's thresholds down (u32 / i32 keys alone 9e6 -> 3e6, f32 keys
# alone 1.2e7 -> 9e6, 8-byte keys with u64 values 2^21 -> 1.5e6), measured on uniform keys. Here every other
# distribution in the new ranges, the path forced (GSB_RADIX_HYBRID_MIN_N=2: the skew sample still sends skewed keys
# to the LSD passes, at its cost), against radix-lsd and cub-radix in the same run; the landed build.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
D=uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
part 150 env GSB_RADIX_HYBRID_MIN_N=2 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,i32 \
  --values none --n 3e6,2^22,6e6,8e6 --dist "$D" --reps 10 -q --json "$OUT/dist-u32.json"
part 100 env GSB_RADIX_HYBRID_MIN_N=2 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type f32 \
  --values none --n 9e6,1e7,1.2e7 --dist "$D,normal" --reps 10 -q --json "$OUT/dist-f32.json"
part 100 env GSB_RADIX_HYBRID_MIN_N=2 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,i64,f64 \
  --values u64 --n 1.5e6,2^21 --dist "$D" --reps 10 -q --json "$OUT/dist-8byte.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
