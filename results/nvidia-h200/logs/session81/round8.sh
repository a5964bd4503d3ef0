#!/usr/bin/env bash
# Session 81, round 8: the rule that takes 512 threads with two buffers where they keep twice the warps of 256 (twice,
# the working tree after d9e8681's NOTES) validated where it changes the shape (2e8-2.2e8), against land (d9e8681) in
# the same call; cub-radix in every run.
set -u
source scripts/device-round.sh
L1=$(unpack .carry/land.tar.xz)
T2=$(unpack .carry/twice.tar.xz)
N=2e8,2.1e8,2.2e8
part 110 "$T2/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n $N --reps 3 --warmup 1 -q \
  --json "$OUT/radix-grid.s81-pairs-2e8.json"
part 80 "$L1/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n $N --reps 3 --warmup 1 \
  --validate none -q --json "$OUT/t-land.json"
