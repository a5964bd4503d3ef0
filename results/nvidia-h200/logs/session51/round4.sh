#!/usr/bin/env bash
# Session 51, round 4: what holds the 16-bit histogram (29 us at 1e7 u32 keys, DRAM 30% busy, 8 warps a scheduler)
# and the warp bucket kernel (61 us, 85% issue). `main` (9a4b8b7) against `noguard` (its tree with the histogram's
# shared atomics not returning, no guard bit tested: a timing probe only, wrong past 32767 keys of one bin a block),
# ncu durations; then the stall reasons of the histogram, the passes and the warp bucket kernel (main, u32 at 1e7);
# then both alternated (uniform u32 keys, where no field nears 32768).
set -u
source scripts/device-round.sh
BUILDS="main=$(unpack .carry/main.tar.xz) noguard=$(unpack .carry/noguard.tar.xz)"
for b in $BUILDS; do
  for n in 1e7 16777216; do
    part 40 ncu --clock-control none --metrics gpu__time_duration.sum --csv --print-units base "${b#*=}/gpusort-bench" \
      --algo radix --type u32 --n "$n" --reps 1 --warmup 0 --validate none -q
  done
done
M=${BUILDS%% *}
part 120 ncu --clock-control none -k "regex:top16|warp_bucket|pass_kernel" --section WarpStateStats --print-details all \
  --metrics "regex:^smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio$" --print-units base \
  "${M#*=}/gpusort-bench" --algo radix --type u32 --n 1e7 --reps 1 --warmup 0 --validate none -q
alternate 40 keys --algo radix,cub-radix --type u32 --n 2^22,1e7,2^24 --reps 20 -q
grep -E "^=== |^rc=" "$L" | cut -c1-160
