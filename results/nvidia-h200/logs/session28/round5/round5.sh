#!/usr/bin/env bash
# Round 5 (session 28, H200, build b07c6d4): the other grid cells whose path the in-place bucket sort changes --
# 2^28 with u64 values for 4-byte keys, 2^28 with values for 8-byte keys (f64 with values now takes the hybrid
# path), 1e9 for i32 and i64 with values -- beside radix-lsd and cub-radix.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt 570 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$B/gpusort-bench
A=radix,radix-lsd,cub-radix
part 60 "$G" --algo $A --type i32,f32 --values u64 --n 2^28 --reps 5 --json "$OUT/r5-4byte-u64-2p28.json"
part 120 "$G" --algo $A --type i64,f64 --values u32,u64 --n 2^28 --reps 5 --json "$OUT/r5-8byte-values-2p28.json"
part 120 "$G" --algo $A --type i32 --values none,u32,u64 --n 1e9 --reps 5 --json "$OUT/r5-i32-1e9.json"
part 70 "$G" --algo $A --type i64 --values u32 --n 1e9 --reps 5 --json "$OUT/r5-i64u32-1e9.json"
part 60 "$G" --algo $A --type f64 --values none --n 1e9 --reps 5 --json "$OUT/r5-f64-1e9.json"
grep -E "^=== |^rc=|^radix|^cub" "$L"
