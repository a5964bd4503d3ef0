#!/usr/bin/env bash
# Session 58, round 5: with the look-back gone from the MSD passes of keys alone (round 4), the shape of those passes
# for 4-byte keys (256 x 28 at 4 blocks an SM, chosen with the look-back in session 49) measured again: `claim`
# (3609da0's device code) against 256 x 20 at 4 (`s256x20`), 384 x 20 at 3 (`s384x20`, the LSD row) and 512 x 16 at 2
# (`s512x16`); the shape also serves the segmented stable passes (rows of few digits, large buckets). Alternated
# twice, cub-radix in every run.
set -u
source scripts/device-round.sh
BUILDS=""
for b in claim s256x20 s384x20 s512x16; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 40 u32 --algo radix,cub-radix --type u32 --n 2^22,6e6,1e7,2^24,2e7,1e8,2^28 --reps 10 -q
alternate 40 more --algo radix,cub-radix --type i32,f32 --n 1e7,2^24,1e8 --reps 10 -q
alternate 30 skew --algo radix,cub-radix --type u32 --dist sorted,entropy-0.811 --n 1e7,1e8 --reps 10 -q
grep -E "^=== |^rc=" "$L" | cut -c1-160
