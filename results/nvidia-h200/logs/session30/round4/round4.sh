#!/usr/bin/env bash
# Round 4 (session 30, H200): where zipf and entropy-0.811 u32 keys at 1e8 spend their time on the segmented-passes
# path (ncu, every kernel of one sort).
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,driver_version,serial --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt 585 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$B/gpusort-bench
for d in zipf entropy-0.811 few-unique; do
  part 120 ncu --clock-control none --metrics gpu__time_duration.sum,launch__grid_size,launch__shared_mem_per_block_dynamic "$G" --algo radix --n 1e8 --dist $d --reps 1 --warmup 0 --validate none -q
done
grep -E "^=== |^rc=|^  [a-z_ ]+[<(]|duration|grid_size|shared_mem" "$L" | head -300
