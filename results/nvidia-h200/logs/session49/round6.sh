#!/usr/bin/env bash
# Session 49, round 6: (1) 4-byte keys alone from 2^29 to 1e9 with the hybrid policy (build `new` = 7976e58; radix and
# cub-radix in one run, 5 repetitions); (2) the same idea for 8-byte keys alone: new's u64 hybrid passes (the LSD
# passes' 384 x 16 at 2 blocks) against 256 x 16 at 4 and 384 x 20 at 2 (ptxas 13.0 sm_90: the places kernel without
# spills in both; slim builds of new's tree with that one row added), alternated twice, cub-radix in every run.
set -u
source scripts/device-round.sh
BUILDS="new=$(unpack .carry/new.tar.xz) u64x256x16=$(unpack .carry/u64x256x16.tar.xz) u64x384x20=$(unpack .carry/u64x384x20.tar.xz)"
alternate 50 u64 --algo radix,cub-radix --type u64,f64 --n 1e7,2^24,1e8,2^28 --reps 10 -q
N=${BUILDS%% *}; N=${N#new=}
part 240 "$N/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --n 2^29,1e9 --reps 5 -q --json "$OUT/large.json"
grep -E "^=== |^rc=" "$L" | cut -c1-140
