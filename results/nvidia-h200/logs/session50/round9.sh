#!/usr/bin/env bash
# Session 50, round 9: the hybrid path's status rows of both MSD passes cleared in the memset before the sample, so
# that the first pass follows the plan as its programmatic dependent (`ms`; gpusort-bench and libgsb.so of bb0eeaf's
# tree with that change, its version line reads bb0eeaf-dirty), against `base` (bb0eeaf). Alternated twice, cub-radix
# in every run; then skewed keys, which now clear rows they do not use.
set -u
source scripts/device-round.sh
BUILDS="base=$(unpack .carry/base.tar.xz) ms=$(unpack .carry/ms.tar.xz)"
alternate 60 memset --algo radix,cub-radix --type u32,f32,u64 --values none,u32 --n 2^22,1e7,2^24,1e8 --reps 10 -q
alternate 40 skewed --algo radix,cub-radix --type u32 --dist entropy-0.201,zipf --n 2^22,1e7,1e8 --reps 10 -q
grep -E "^=== |^rc=" "$L" | cut -c1-140
