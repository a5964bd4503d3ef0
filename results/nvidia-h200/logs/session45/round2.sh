#!/usr/bin/env bash
# Session 45, round 2: round 1's knock-outs taken further (knockouts2.patch, this folder: GSB_RADIX_KNOCKOUT 4 = as 3
# (no ranking, no scatter) and no look-back wait; 5 = as 4 and no counting atomics, the keys kept live by an XOR).
# Builds k3 (round 1's), k4, k5 packed as in round1.sh (only the default of GSB_RADIX_KNOCKOUT in pass.cuh changed and
# the radix units rebuilt in build/release). Only a sort's FIRST pass reads the real input under a knock-out, so the
# first pass's ncu duration is the reading. Also the warp stall reasons of main's first LSD pass and of CUB's first
# onesweep pass (u32 keys at 1e8), and CUB's pass durations.
set -u
source scripts/device-round.sh
declare -A B
for x in main k3 k4 k5; do B[$x]=$(unpack .carry/$x.tar.xz); done
for x in main k3 k4 k5; do
  part 40 ncu --kernel-name regex:pass_kernel --launch-count 1 --section SpeedOfLight "${B[$x]}/gpusort-bench" \
    --algo radix --type u32 --n 1e8 --reps 1 --warmup 0 -q
  part 40 ncu --kernel-name regex:pass_kernel --launch-count 1 --section SpeedOfLight "${B[$x]}/gpusort-bench" \
    --algo radix-lsd --type u32 --n 1e8 --reps 1 --warmup 0 -q
  part 40 ncu --kernel-name regex:pass_kernel --launch-count 1 --section SpeedOfLight "${B[$x]}/gpusort-bench" \
    --algo radix-lsd --type u64 --values u32 --n 1e8 --dist entropy-0.201 --reps 1 --warmup 0 -q
done
part 60 ncu --kernel-name regex:pass_kernel --launch-count 1 --section SpeedOfLight --section WarpStateStats \
  --section Occupancy "${B[main]}/gpusort-bench" --algo radix-lsd --type u32 --n 1e8 --reps 1 --warmup 0 -q
part 60 ncu --kernel-name regex:Onesweep --launch-count 4 --section SpeedOfLight "${B[main]}/gpusort-bench" \
  --algo cub-radix --type u32 --n 1e8 --reps 1 --warmup 0 -q
part 60 ncu --kernel-name regex:Onesweep --launch-count 1 --section SpeedOfLight --section WarpStateStats \
  --section Occupancy "${B[main]}/gpusort-bench" --algo cub-radix --type u32 --n 1e8 --reps 1 --warmup 0 -q
grep -E "^=== |^rc=|Duration" "$L" | cut -c1-140 | tail -60
