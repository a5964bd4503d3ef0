#!/usr/bin/env bash
# Session 51, round 8: what the 16-bit histogram's flush costs. `noflush` (6ca9da7's tree with the flush's global
# atomics left out: a timing probe only, its counts wrong) against `main` (6ca9da7): ncu durations of u32 keys at
# 2^22, 1e7 and 2^24 (the histogram took 22.3 / 29.1 / 35.6 us in round 1, 110 at 1e8: about 20 us that does not
# scale with n).
set -u
source scripts/device-round.sh
BUILDS="main=$(unpack .carry/main.tar.xz) noflush=$(unpack .carry/noflush.tar.xz)"
for b in $BUILDS; do
  for n in 4194304 1e7 16777216 1e8; do
    part 40 ncu --clock-control none -k regex:top16 --metrics gpu__time_duration.sum --csv --print-units base \
      "${b#*=}/gpusort-bench" --algo radix --type u32 --n "$n" --reps 1 --warmup 0 --validate none -q
  done
done
grep -E "^=== |^rc=|top16" "$L" | cut -c1-200
