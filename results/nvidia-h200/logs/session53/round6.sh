#!/usr/bin/env bash
# Session 53, round 6: against `head` (7b8d232, the landed build), 4-byte keys alone: `clear1` and `clear16`, the
# clear kernel with at most 1 or 16 blocks an SM (4 in head); `most12`, the warp kernel sorting by runs where the
# longest run holds up to 12 keys (8 in head). Alternated timings, cub-radix in each run (builds of the working tree:
# their version line names 2817b5c).
set -u
source scripts/device-round.sh
H=$(unpack .carry/head.tar.xz)
A=$(unpack .carry/clear1.tar.xz)
B=$(unpack .carry/clear16.tar.xz)
C=$(unpack .carry/most12.tar.xz)
BUILDS="head=$H clear1=$A clear16=$B most12=$C"
alternate 30 keys --algo radix,cub-radix --type u32,i32,f32 --n 2^22,6e6,1e7,2^24,2e7 --reps 10 -q
alternate 30 big --algo radix,cub-radix --type u32,u64 --values none,u32 --n 1e8 --reps 10 -q
alternate 20 skew --algo radix,cub-radix --type u32 --dist zipf,entropy-0.201 --n 2^22,1e7 --reps 10 -q
grep -E "^=== |^rc=" "$L" | cut -c1-160
