#!/usr/bin/env bash
# Planned for session 62 (not run). Needs .carry/main.tar.xz (scripts/pack-build.sh build/release main, from the head).
# (1) The 1e9 pair cells session 61's round 4 did not reach (its part hit its time limit after seven pairs): i64+u32
# and f64+u32 (the in-place kernels load their u32 values beside their keys since 16d30c7), and u64+u64 (its in-place
# kernel gathers its values, so its code is unchanged), validated, 5 repetitions, cub-radix in the run, for the heat
# map (radix-grid.s62-pairs-1e9.json). (2) Where u32+u32 at 1e8 spends its time now (session 61 round 1 measured
# the bucket sort at 1230 us of 3163 before its changes): every kernel's duration under ncu for radix, and the
# bucket sort's shared-memory and issue figures (the details page), to choose between the passes' look-back and
# the bucket sort as the next target.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 200 "$M/gpusort-bench" --algo radix,cub-radix --type i64,f64 --values u32 --n 1e9 --reps 5 -q \
  --json "$OUT/radix-grid.s62-pairs-1e9.json"
part 120 "$M/gpusort-bench" --algo radix,cub-radix --type u64 --values u64 --n 1e9 --reps 5 -q \
  --json "$OUT/radix-grid.s62-pairs-1e9-u64u64.json"
part 60 ncu --metrics gpu__time_duration.sum "$M/gpusort-bench" --algo radix --type u32 --values u32 --n 1e8 \
  --reps 1 --warmup 0 --validate none -q
part 90 ncu --kernel-name regex:bucket_sort_kernel --section SpeedOfLight --section MemoryWorkloadAnalysis \
  --section WarpStateStats --section Occupancy "$M/gpusort-bench" --algo radix --type u32 --values u32 --n 1e8 \
  --reps 1 --warmup 0 --validate none -q
grep -E "^=== |^rc=|  void |gpu__time_duration|Shared|Occupancy|Warp Cycles|Issued|Stall|Throughput" "$L" |
  cut -c1-160
