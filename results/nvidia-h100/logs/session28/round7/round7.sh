#!/usr/bin/env bash
# Round 7 (session 28, H100, build b07c6d4): round 6's u64+u64 cell at 1e6 (its radix samples jumped from 0.17 to
# 0.35 ms halfway through the run, i64+u64 and f64+u64 steady at 0.17) measured again, twice; and u64+u32 at 1e9,
# whose part ran past its time limit in round 6 before cub-radix.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
part() { local t=$1; shift; echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$B/gpusort-bench
part 60 "$G" --algo radix,cub-radix --type u64,i64 --values u64 --n 1e6 --reps 50 --json "$OUT/r7-h100-u64u64-1e6-a.json"
part 60 "$G" --algo radix,cub-radix --type u64 --values u64 --n 1e6 --reps 50 --json "$OUT/r7-h100-u64u64-1e6-b.json"
part 150 "$G" --algo radix,radix-lsd,cub-radix --type u64 --values u32 --n 1e9 --reps 5 --json "$OUT/r7-h100-u64u32-1e9.json"
grep -E "^=== |^rc=|^radix |^radix-lsd|^cub" "$L"
