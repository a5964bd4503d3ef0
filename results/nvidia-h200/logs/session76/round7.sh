#!/usr/bin/env bash
# Session 76 round 7, on an H200 (issue 19; diagnostic, nothing landed from it): the four-way passes' sample stride,
# 1024 / 2048 (landed, `9fb805b`) / 4096, in turn, twice: u32 and u8 keys alone at 2^24, 2^26 and 1e8, cub-merge in the
# same runs; ncu of the four-way kernels of each at 1e8 u32 keys. Builds: 9fb805b with quad_stride set to each value,
# CUDAARCHS=90-real, packed as s1024, s2048, s4096.
set -u
source scripts/device-round.sh
A=$(unpack .carry/s1024.tar.xz)
B=$(unpack .carry/s2048.tar.xz)
C=$(unpack .carry/s4096.tar.xz)
BUILDS="s1024=$A s2048=$B s4096=$C" alternate 25 t --algo merge-samples,cub-merge --type u32,u8 --values none \
  --n 2^24,2^26,1e8 --reps 5 --warmup 1 -q
for X in "$A" "$B" "$C"; do
  part 25 ncu --clock-control none --metrics gpu__time_duration.sum -k regex:quad "$X/gpusort-bench" \
    --algo merge-samples --type u32 --values none --n 1e8 --reps 1 --warmup 0 -q --json "$OUT/ncu.json"
done
summary merge-samples cub-merge t-
