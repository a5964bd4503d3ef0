#!/usr/bin/env bash
# Round 1 (session 29, H200, build 38a30f1): where the time of 8-byte keys at 1e9 goes -- every kernel's duration
# (ncu, one pass each), then the bucket sort's occupancy, issue and stall reasons (u64 keys, u64+u32 pairs).
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt 570 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$B/gpusort-bench
N="ncu --clock-control none"
S="--section SpeedOfLight --section Occupancy --section SchedulerStats --section WarpStateStats --section LaunchStats"
part 120 $N --metrics gpu__time_duration.sum "$G" --algo radix --type u64 --n 1e9 --reps 1 --warmup 0 --validate none -q
part 120 $N -k regex:bucket_sort -c 1 $S "$G" --algo radix --type u64 --n 1e9 --reps 1 --warmup 0 --validate none -q
part 120 $N -k regex:bucket_sort -c 1 $S "$G" --algo radix --type u64 --values u32 --n 1e9 --reps 1 --warmup 0 --validate none -q
part 100 $N --metrics gpu__time_duration.sum "$G" --algo radix --type u32 --n 1e8 --reps 1 --warmup 0 --validate none -q
part 100 $N -k regex:bucket_sort -c 1 $S "$G" --algo radix --type u64 --n 1e8 --reps 1 --warmup 0 --validate none -q
grep -E "^=== |^rc=|duration|Issue|Eligible|Active Warps|Achieved|Theoretical|Block Limit|Registers|Stall|bucket_sort" "$L" | head -150
