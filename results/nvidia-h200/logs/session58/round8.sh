#!/usr/bin/env bash
# Session 58, round 8: where the time of a u32 sort at 1e7 goes after round 4, for the next session: ncu's details of
# the 16-bit histogram (35 us of the path's 228 under ncu, now the fourth kernel) and of both MSD passes (44.5 and
# 48.8 us), the landed build (0b5aeb2's device code), base clocks.
set -u
source scripts/device-round.sh
F=$(unpack .carry/final.tar.xz)
part 120 ncu -k 'regex:top16|pass_kernel' --section SpeedOfLight --section WarpStateStats --section Occupancy \
  --section LaunchStats --section MemoryWorkloadAnalysis -o "$OUT/kernels" "$F/gpusort-bench" --algo radix --type u32 \
  --n 1e7 --reps 1 --warmup 0 --validate none -q
part 60 ncu -i "$OUT/kernels.ncu-rep" --print-summary none --page details
grep -E "^=== |^rc=" "$L" | cut -c1-160
