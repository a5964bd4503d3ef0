#!/usr/bin/env bash
# Session 40, second call (about 5 min). Two things:
#  1. branch bucket-few past round 1's sizes: 64- against 128-thread bucket blocks at 2^25, 5e7 (the last n whose
#     typical buckets get 1024-key buffers, uniform_bucket_bound) and 1e8 (1840-key buffers), the path as the build
#     chooses it (from its thresholds), alternated twice; where 64 stops winning bounds where bucket_shape_for takes it;
#  2. the planned round 3 (round3-planned.sh): every hybrid bucket through global memory at 2^28 and 1e9, and ncu's
#     DRAM bytes of those rounds.
# Carry .carry/main.tar.xz, .carry/few.tar.xz.
set -u
source scripts/device-round.sh
F=$(unpack .carry/few.tar.xz)
for round in a b; do
  for threads in 128 64; do
    part 60 env GSB_RADIX_BUCKET_THREADS=$threads "$F/gpusort-bench" --algo radix,radix-lsd \
      --type u32,u64 --values none,u32,u64 --n 2^25,5e7,1e8 --reps 10 --json "$OUT/r2-few-$threads-$round.json" -q
  done
done
LIMIT=$((LIMIT - SECONDS + T0)) bash results/nvidia-h200/logs/session40/round3-planned.sh
