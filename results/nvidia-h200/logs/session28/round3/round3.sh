#!/usr/bin/env bash
# Round 3 (session 28, H200): the whole device run (GPU tests, the sanitizers, the forced paths with the in-place
# bucket sort among them) on the build that fixes round 2's keys-alone padding; then u32 keys at 1e9, in place
# (the default now) against 512 threads with two buffers (round 12's shape).
set -u
L=$OUT/round3.log
part() { local t=$1; shift; echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; tail -n 3 "$L"; }
GSB_PART_TIMEOUT=200 bash .carry/device-run.sh .carry/build.tar.xz "$OUT" 2>&1 | tail -45
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
G=$B/gpusort-bench
part 60 "$G" --algo radix,cub-radix --type u32 --values none --n 1e9 --reps 5 --json "$OUT/r3-u32-1e9-in-place.json"
part 60 env GSB_RADIX_BUCKET_THREADS=512 "$G" --algo radix --type u32 --values none --n 1e9 --reps 5 --json "$OUT/r3-u32-1e9-two-buffers.json"
grep -E "^radix|^cub" "$L"
