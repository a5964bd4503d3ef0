#!/usr/bin/env bash
# Session 69, round 2: where the time of a 4-byte pairs sort goes, land / runs (round 1's builds), one sort under ncu
# (SpeedOfLight of every kernel): u32+u32 and u32+u64 at 1e8.
set -u
source scripts/device-round.sh
A=$(unpack .carry/land.tar.xz)
N=$(unpack .carry/runs.tar.xz)
for v in u32 u64; do
  for b in "$A" "$N"; do
    part 60 ncu --section SpeedOfLight --section Occupancy "$b/gpusort-bench" --algo radix --type u32 --values $v --n 1e8 \
      --reps 1 --warmup 0 --validate none -q
  done
done
grep -E "^=== |^rc=|^  [a-z_]*kernel|Duration|DRAM Throughput|Memory Throughput|Compute \(SM\)|Achieved Occupancy" "$L" |
  cut -c1-160
