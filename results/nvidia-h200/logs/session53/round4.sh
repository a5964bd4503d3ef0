#!/usr/bin/env bash
# Session 53, round 4: against `head` (a7073d5: the plan beside the first pass, the clear kernel), 4-byte keys alone:
# `runs320` and `runs384`, the warp bucket kernel sorting buckets of up to 320 / 384 keys by their runs (256 in head);
# `plannt`, the plan without its early trigger (the second pass scheduled only as the plan ends). The parts test of
# each runs build first (it sorts buckets of by_runs_keys keys and one more); then alternated timings, cub-radix in
# each run (builds of the working tree: their version line names a7073d5).
set -u
source scripts/device-round.sh
H=$(unpack .carry/head.tar.xz)
R=$(unpack .carry/runs320.tar.xz)
S=$(unpack .carry/runs384.tar.xz)
P=$(unpack .carry/plannt.tar.xz)
part 60 "$R/tests/radix/gsb_radix_parts_tests"
part 60 "$S/tests/radix/gsb_radix_parts_tests"
BUILDS="head=$H runs320=$R runs384=$S plannt=$P"
alternate 30 keys --algo radix,cub-radix --type u32,i32,f32 --n 2^22,6e6,1e7,2^24 --reps 10 -q
alternate 30 big --algo radix,cub-radix --type u32,f32 --n 2e7,2.6e7 --reps 10 -q
grep -E "^=== |^rc=|PASSED|FAILED" "$L" | cut -c1-160
