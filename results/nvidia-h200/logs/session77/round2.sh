#!/usr/bin/env bash
# Session 77 round 2, on an H200 (issue 19; diagnostic): the binary merge kernel of 12-byte pairs (8-byte keys with u32
# values, 4-byte keys with u64 values: 0.98x and 0.99x cub-merge at 1e8) bounded to 3 or 4 resident blocks an SM
# (`mb3`, `mb4` = `land` + logs/session77/mb3.patch or mb4.patch; ptxas 13.0 sm_90: 80 or 64 registers, 4 bytes
# spilled, where the unbounded kernel takes 108 and 2 blocks fit). The three builds in turn, twice, cub-merge in
# every run.
set -u
source scripts/device-round.sh
X=$(unpack .carry/land.tar.xz)
M3=$(unpack .carry/mb3.tar.xz)
M4=$(unpack .carry/mb4.tar.xz)
BUILDS="land=$X mb3=$M3 mb4=$M4" alternate 40 t --algo merge-samples,cub-merge --type u64,u32 --values u32,u64 \
  --n 2^24,1e8 --reps 5 --warmup 1 -q
summary merge-samples cub-merge t-
