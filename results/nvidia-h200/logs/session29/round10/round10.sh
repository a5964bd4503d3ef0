#!/usr/bin/env bash
# Round 10 (session 29, H200, build 53a2ed7): the grid's 1e9 column of 8-byte keys, radix beside cub-radix.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,driver_version,serial --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt 585 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$B/gpusort-bench
for t in u64 i64 f64; do
  part 190 "$G" --algo radix,cub-radix --type $t --values none,u32,u64 --n 1e9 --reps 5 --json "$OUT/radix-grid.round14-1e9-$t.json"
done
grep -E "^=== |^rc=|^radix|^cub" "$L"
