#!/usr/bin/env bash
# Session 104, round 1 on an H100 (issue 19; kind nvidia-h100-x1), carrying .carry/s104.tar.xz
# (scripts/pack-build.sh build/release s104: main's device code and tools/scatter_ceiling) and .carry/t384.tar.xz
# (main with ../../../nvidia-h200/logs/session104/t384.patch: the hybrid passes of 4-byte keys with u32 values at
# 384 x 24, 2 blocks an SM). The ceiling of one MSD pass of 4-byte pairs with tiles of 9216-16384 pairs beside 6144,
# in the model and in radix's own pass, after session 103's round 1 on this GPU (../session103/round1/) had the
# 6144-pair tiles alone; then main against t384, alternated.
set -u
LIMIT=${LIMIT:-300}
. scripts/device-round.sh
M=$(unpack .carry/s104.tar.xz)
T=$(unpack .carry/t384.tar.xz)
part 90 "$M/tools/scatter_ceiling" 268435456 1e9
BUILDS="main=$M t384=$T"
alternate 45 t --algo radix,cub-radix --type u32 --values u32 --n 1e8,2^28,1e9 --reps 3 --warmup 1 --validate none -q
summary radix cub-radix
