#!/usr/bin/env bash
# Session 40, sixth call (about 2 min): why the grid's n = 1e4 cells are 1-6 us slower than in a490dcf's run (u16+u64
# 26.7 -> 32.8 us, 0.89x cub-radix; u32 40.7 -> 42.8; u64+u32 79.3 -> 84.8), at 1e5 not. The two builds alternated
# (same inputs), 30 repetitions, then ncu's kernel list and durations of one sort of each at 1e4.
# Carry .carry/main.tar.xz (e3de2e4) and .carry/old.tar.xz (a490dcf, built here with the same flags).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
O=$(unpack .carry/old.tar.xz)
for round in a b; do
  for b in "new=$M" "old=$O"; do
    part 40 "${b#*=}/gpusort-bench" --algo radix,cub-radix --type u16,u32,u64 --values none,u32,u64 --n 4864,1e4,2e4,1e5 \
      --reps 30 --json "$OUT/r6-${b%%=*}-$round.json" -q
  done
done
for b in "new=$M" "old=$O"; do
  part 60 ncu --metrics gpu__time_duration.sum "${b#*=}/gpusort-bench" --algo radix --type u16 --values u64 --n 1e4 \
    --reps 1 --warmup 0 --validate none -q
done
grep -E "^=== |^rc=|\(.*\)x\(|duration" "$L" | cut -c1-160 | tail -60
