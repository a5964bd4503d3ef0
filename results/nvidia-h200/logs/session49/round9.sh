#!/usr/bin/env bash
# Session 49, round 9: the hybrid path's own pass policy for 4-byte keys with values (stable MSD passes): final
# (6861429: the LSD passes' rows, 384 x 16 at 2 blocks) against slim builds of it with u32+u32 and u32+u64 taking
# 256 x 16 at 4 blocks (p16) or 256 x 20 at 3 (p20) there (ptxas 13.0 sm_90: no spills; window and late values as
# their LSD rows). Alternated twice, cub-radix in every run.
set -u
source scripts/device-round.sh
BUILDS="final=$(unpack .carry/final.tar.xz) p16=$(unpack .carry/p16.tar.xz) p20=$(unpack .carry/p20.tar.xz)"
alternate 60 pairs --algo radix,cub-radix --type u32,f32 --values u32,u64 --n 1e7,2^24,1e8,2^28 --reps 10 -q
grep -E "^=== |^rc=" "$L" | cut -c1-140
