#!/usr/bin/env bash
# Session 51, round 1: where 4-byte keys alone spend their time at 2^22, 1e7 and 2^24 on the hybrid path (main
# 531aa12, device code eefbcea). ncu kernel durations (clocks free) of one sort each of u32, i32 and f32 keys (f32 is
# 13-20% slower than u32 there, 6% at 1e8), then the 16-bit histogram's and the warp bucket kernel's sections at 1e7.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
for t in u32 i32 f32; do
  for n in 4194304 1e7 16777216; do
    part 40 ncu --clock-control none --metrics gpu__time_duration.sum --csv --print-units base "$M/gpusort-bench" \
      --algo radix --type "$t" --n "$n" --reps 1 --warmup 0 --validate none -q
  done
done
for t in u32 f32; do
  part 90 ncu --clock-control none -k "regex:top16|warp_bucket|bucket_sort" --section SpeedOfLight \
    --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis --section Occupancy \
    --section LaunchStats --section ComputeWorkloadAnalysis --print-units base "$M/gpusort-bench" --algo radix --type "$t" --n 1e7 --reps 1 \
    --warmup 0 --validate none -q
done
part 60 "$M/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --n 4194304,1e7,16777216 --reps 10 --json "$OUT/base.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
