#!/usr/bin/env bash
# Session 104, round 1 (issue 19), on an H200 (kind nvidia-h200 with needs_h200), carrying .carry/land.tar.xz,
# .carry/s104.tar.xz (scripts/pack-build.sh build/release s104: main's device code, and tools/scatter_ceiling with
# tiles of 9216-16384 pairs beside 6144, in the model and in radix's own pass) and .carry/t384.tar.xz (main with
# t384.patch: the hybrid passes of 4-byte keys with u32 values at 384 x 24, 2 blocks an SM, in place of 256 x 24 at 3). Session 103's H200 round (never got a
# machine) in order of what decides the next build: the ceiling of one MSD pass of 4-byte pairs; the gather of u64
# values by u32 positions (gather.py, session 103) beside u64 Zipf sorts; round 91's A/B (land against main, and t384) with
# main's grid of 4-byte keys with u32 values at 7.5e8 and 1e9, validated; the real passes of u32+u32 at 1e9 under ncu.
set -u
LIMIT=${LIMIT:-560}
. scripts/device-round.sh
LB=$(unpack .carry/land.tar.xz)
M=$(unpack .carry/s104.tar.xz)
T=$(unpack .carry/t384.tar.xz)
part 60 "$M/tools/scatter_ceiling" 268435456 1e9
part 40 python3 results/nvidia-h200/logs/session103/gather.py 1e8 2^28
part 60 "$M/gpusort-bench" --algo radix,cub-radix --type u64 --values u32,u64 --n 1e8,2^28 --dist zipf \
  --reps 3 --warmup 1 --validate none -q --json "$OUT/u64-zipf-main.json"
BUILDS="land=$LB main=$M t384=$T"
alternate 50 t --algo radix,cub-radix --type u32 --values u32 --n 2^29,7.5e8,8e8,1e9 --reps 3 --warmup 1 --validate none -q
part 110 "$M/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 7.5e8,1e9 \
  --reps 3 --warmup 1 -q --json "$OUT/grid-main.json"
profile pairs-1e9 90 "$M" --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum -- \
  --algo radix --type u32 --values u32 --n 1e9
summary radix cub-radix
