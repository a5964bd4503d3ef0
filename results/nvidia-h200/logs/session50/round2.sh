#!/usr/bin/env bash
# Session 50, round 2: where the hybrid path starts paying, re-measured. hybrid.hpp's hybrid_min_items (u32 / f32 keys
# alone 9e6 / 1.2e7, with u32 values 6e6 / 9e6, with u64 values 2^22 / 7e6, 8-byte keys 2^21) were measured in round 26
# (session 42); since then the MSD passes rank by places (round 31) and have a shape of their own (round 33). The path
# forced from n = 2 (GSB_RADIX_HYBRID_MIN_N=2) in `radix`, against `radix-lsd` and cub-radix in the same run; the
# landed build (6861429's device code). Twice (a, b), to see the machine's drift.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
for r in a b; do
  part 120 env GSB_RADIX_HYBRID_MIN_N=2 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 \
    --values none,u32,u64 --n 2^21,3e6,2^22,6e6,8e6,1e7,1.2e7,2^24 --reps 10 -q --json "$OUT/cross4-$r.json"
  part 60 env GSB_RADIX_HYBRID_MIN_N=2 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,f64 \
    --values none,u32,u64 --n 2^19,2^20,1.5e6,2^21 --reps 10 -q --json "$OUT/cross8-$r.json"
done
grep -E "^=== |^rc=" "$L" | cut -c1-160
