#!/usr/bin/env bash
# Planned for session 60 (not run): why round 43's MSD counting-sort rounds (`msd2.patch`, the 1024-thread in-place
# kernel only) win at 2^31 (1.48x against the landed 1.44x) and lose at 1.8e9 (1.36-1.375x against 1.449x). Builds:
# `main` (the landed head) and `msd2` (main + logs/session59/msd2.patch), packed by scripts/pack-build.sh; each
# bucket-sort kernel under ncu (speed of light, warp states, scheduler, instruction statistics, source counters) at
# both sizes, u32 keys alone, one repetition, no validation. Then the timings alternated twice with cub-radix.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
D=$(unpack .carry/msd2.tar.xz)
for b in main=$M msd2=$D; do
  for n in 1.8e9 2^31; do
    part 60 ncu -k regex:bucket_sort_kernel --launch-count 1 --section SpeedOfLight --section WarpStateStats \
      --section SchedulerStats --section InstructionStats --section SourceCounters --export "$OUT/${b%%=*}-$n" \
      "${b#*=}/gpusort-bench" --algo radix --type u32 --n "$n" --reps 1 --warmup 0 --validate none -q
  done
done
BUILDS="main=$M msd2=$D"
alternate 45 big --algo radix,cub-radix --type u32 --n 1.8e9,2^31 --reps 3 --validate none -q
grep -E "^=== |^rc=" "$L" | cut -c1-160
