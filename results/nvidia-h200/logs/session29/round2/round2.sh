#!/usr/bin/env bash
# Round 2 (session 29, H200, build 38a30f1): the bucket sort's stall reasons (cycles per issued instruction, by
# reason): u64 keys at 1e9 (in place, one 512-thread block per SM) and at 1e8 (256 threads, two buffers).
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt 570 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$B/gpusort-bench
M="--metrics regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__inst_executed.sum,smsp__issue_active.avg.per_cycle_active"
part 120 ncu --clock-control none -k regex:bucket_sort -c 1 $M "$G" --algo radix --type u64 --n 1e9 --reps 1 --warmup 0 --validate none -q
part 120 ncu --clock-control none -k regex:bucket_sort -c 1 $M "$G" --algo radix --type u64 --n 1e8 --reps 1 --warmup 0 --validate none -q
part 120 ncu --clock-control none -k regex:bucket_sort -c 1 $M "$G" --algo radix --type u32 --n 1e9 --reps 1 --warmup 0 --validate none -q
grep -E "^=== |^rc=|bucket_sort|stalled|inst_executed|issue_active" "$L" | awk '$NF != "0" && $NF != "0.00"' | head -150
