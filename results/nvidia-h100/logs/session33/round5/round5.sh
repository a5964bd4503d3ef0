#!/usr/bin/env bash
# Round 5 (session 33; H100, then H200): one-digit tiles from registers, late values loaded after the look-back (V3)
# or the same with an L2 prefetch of the tile's values before the look-back (V5), against eabc0c3 (OLD), alternated.
set -u
OLD=$(mktemp -d); tar -xJf .carry/old.tar.xz -C "$OLD"
V3=$(mktemp -d); tar -xJf .carry/v3.tar.xz -C "$V3"
V5=$(mktemp -d); tar -xJf .carry/v5.tar.xz -C "$V5"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-200}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
b() { part 30 "$1/gpusort-bench" --algo radix-lsd,cub-radix --type u64 --values none,u32 --n 1e8 --dist zipf,few-unique --reps 5 --json $OUT/$2.json -q; }
G=${GPU:-gpu}
b "$OLD" s33r5-$G-old-a; b "$V3" s33r5-$G-v3-a; b "$V5" s33r5-$G-v5-a
b "$V5" s33r5-$G-v5-b; b "$V3" s33r5-$G-v3-b; b "$OLD" s33r5-$G-old-b
part 20 compute-sanitizer --tool memcheck --error-exitcode 99 --print-limit 20 "$V5/gpusort-bench" --algo radix-lsd --type u64,i32 --values u32,u64 --n 2^20 --dist few-unique,zipf --reps 1 --warmup 0 -q
grep -E "^=== |^rc=|ERROR SUMMARY|PASSED|FAILED" "$L" | cut -c1-200
