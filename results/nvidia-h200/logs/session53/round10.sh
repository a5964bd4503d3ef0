#!/usr/bin/env bash
# Session 53, round 10: the skewed keys' fallback cost with the threshold build (`t7`): 4-byte keys alone at 2^22 and
# 6e6, radix, radix-lsd and cub-radix in one run, the skewed distributions (radix - radix-lsd is what the sample's
# verdict costs; 20-26 us in session 50).
set -u
source scripts/device-round.sh
T=$(unpack .carry/t7.tar.xz)
part 120 "$T/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 \
  --dist entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf,few-unique --n 2^22,6e6 --reps 10 -q \
  --json "$OUT/skew-keys.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
