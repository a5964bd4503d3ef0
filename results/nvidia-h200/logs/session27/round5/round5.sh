#!/usr/bin/env bash
# Round 5 (session 27, H200, build 819cb44): the final rules on the grid's cells they touch.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
part() { local t=$1; shift; echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; tail -n 3 "$L"; }
G=$B/gpusort-bench
A=radix,radix-lsd,cub-radix
part 100 "$G" --algo $A --type u32,i32,f32 --values none --n 1e9 --reps 5 --json "$OUT/r5-1e9.json"
part 60 "$G" --algo $A --type u32,i32 --values u64 --n 2^28 --reps 5 --json "$OUT/r5-4byte-u64-2p28.json"
part 280 "$G" --algo $A --type u64,i64,f64 --values none,u32,u64 --n 2^27,2^28 --reps 5 --json "$OUT/r5-8byte.json"
