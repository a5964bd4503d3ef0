#!/usr/bin/env bash
# Session 40, seventh call (about 1.5 min): round 6 found u16+u64 at 1e4 4 us slower in e3de2e4 than in a490dcf
# (32.8 against 28.4 us; cub-radix 29.5 in both). Three builds between them (rebuilt here with the same flags,
# gpusort-bench and libgsb.so only): 6f824b4 (the quarter-wave prefetch, before the one-digit tiles), 1adf88a (a full
# tile of one digit skips the ranking), bc0fe28 (the integer keys' XOR in the passes, before 9837b73's one-digit
# tiles with values from registers), alternated twice, cub-radix in every run as the anchor to round 6.
# Carry .carry/b-6f824b4.tar.xz, .carry/b-1adf88a.tar.xz, .carry/b-bc0fe28.tar.xz.
set -u
source scripts/device-round.sh
declare -A B
for c in 6f824b4 1adf88a bc0fe28; do B[$c]=$(unpack .carry/b-$c.tar.xz); done
for round in a b; do
  for c in 6f824b4 1adf88a bc0fe28; do
    part 40 "${B[$c]}/gpusort-bench" --algo radix,cub-radix --type u16,u32,u64 --values none,u64 --n 1e4,2e4 \
      --reps 30 --json "$OUT/r7-$c-$round.json" -q
  done
done
for c in 6f824b4 1adf88a bc0fe28; do
  part 60 ncu --metrics gpu__time_duration.sum "${B[$c]}/gpusort-bench" --algo radix --type u16 --values u64 --n 1e4 \
    --reps 1 --warmup 0 --validate none -q
done
grep -E "^=== |^rc=|pass_kernel|duration" "$L" | cut -c1-140 | tail -40
