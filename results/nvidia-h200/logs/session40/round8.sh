#!/usr/bin/env bash
# Session 40, eighth call (about 1.5 min): round 7 put u16+u64 at 1e4 back at 26.3 us in bc0fe28 (cub-radix 29.1;
# e3de2e4 32.8 against 29.5 in round 6) and u64 keys at 1e4 at 70.9 us (e3de2e4 76-77). Two builds after bc0fe28:
# 9837b73 (full tiles of one digit with values from registers; the look-back a lambda) and 2ebcb12 (before the
# 16-bit counts of 3c86c36 and the 3-bit stamps of 87fd3bc, which clear the status rows every 7 launches: a
# memset inside every sort of 8 digit passes), alternated twice, cub-radix in every run as the anchor.
# Carry .carry/b-9837b73.tar.xz, .carry/b-2ebcb12.tar.xz.
set -u
source scripts/device-round.sh
declare -A B
for c in 9837b73 2ebcb12; do B[$c]=$(unpack .carry/b-$c.tar.xz); done
for round in a b; do
  for c in 9837b73 2ebcb12; do
    part 40 "${B[$c]}/gpusort-bench" --algo radix,cub-radix --type u16,u32,u64 --values none,u64 --n 1e4,2e4 \
      --reps 30 --json "$OUT/r8-$c-$round.json" -q
  done
done
for c in 9837b73 2ebcb12; do
  part 60 ncu --metrics gpu__time_duration.sum "${B[$c]}/gpusort-bench" --algo radix --type u16 --values u64 --n 1e4 \
    --reps 1 --warmup 0 --validate none -q
done
grep -E "^=== |^rc=|pass_kernel|duration" "$L" | cut -c1-140 | tail -30
