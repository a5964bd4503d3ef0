#!/usr/bin/env bash
# Session 49, round 4: the digit passes' shape for 4-byte keys alone, re-measured since they rank by places (round 31
# kept the stable ranking's 384 x 20 at 3 blocks an SM). Builds (gpusort-bench and libgsb.so only) from 0eb52bf's
# tree with policy.cuh's u32 row set to 384 x 20 x 3 (base), 512 x 20 x 2, 256 x 28 x 4, 384 x 28 x 2 (ptxas 13.0
# sm_90: the places kernel without spills in each). The row also sets the LSD passes (radix-lsd) of those keys.
# Alternated twice; cub-radix in every run.
set -u
source scripts/device-round.sh
BUILDS=""
for b in base s512x20 s256x28 s384x28; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 60 shape --algo radix,radix-lsd,cub-radix --type u32 --n 1e7,2^24,1e8,2^28 --reps 10 -q
grep -E "^=== |^rc=" "$L" | cut -c1-160
