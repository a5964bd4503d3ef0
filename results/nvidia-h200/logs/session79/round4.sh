#!/usr/bin/env bash
# Session 79 round 4 (issue 19, radix): the 4-byte pairs' bucket-sort shape, nothing built (`land` = 4fbef00, main's
# radix code). Round 3's ncu: the bucket sort is the pairs' slowest kernel at 1e8 (256-thread two-buffer blocks by runs,
# 790 us, shared-memory wavefronts) and at 1e9 (512-thread blocks in place, two stable 8-bit rounds, one block an SM,
# 9.96 ms, 1.6 TB/s). The shape rule never gives 4-byte pairs the 512-thread two-buffer shape (bucket_widest_pays,
# measured before round 53's runs): at 1e9 it holds their buckets (12 B a pair by runs, about 204 KB) at 16 warps an
# SM, as the in-place shape does, and sorts by one counting round and runs. GSB_RADIX_BUCKET_THREADS forces a shape
# wherever it holds the buckets; every case validated.
set -u
source scripts/device-round.sh
L1=$(unpack .carry/land.tar.xz)
knob() { if [ "$1" = auto ]; then echo "env -u GSB_RADIX_BUCKET_THREADS"; else echo "env GSB_RADIX_BUCKET_THREADS=$1"; fi; }
for round in a b; do
  for mode in auto 512 256; do
    part 70 $(knob $mode) "$L1/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 \
      --n 2^29,7.5e8,1e9 --reps 3 --warmup 1 -q --json "$OUT/big-$mode-$round.json"
  done
done
for round in a b; do
  for mode in auto 128; do
    part 40 $(knob $mode) "$L1/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 \
      --n 1e8,2^27,2^28 --reps 5 --warmup 1 -q --json "$OUT/mid-$mode-$round.json"
  done
done
summary radix cub-radix big-
summary radix cub-radix mid-
