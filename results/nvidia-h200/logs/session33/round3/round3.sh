#!/usr/bin/env bash
# Round 3 (session 33, H200): one-digit tiles from registers, late values loaded before the look-back (V2) or after
# it, all loads then all stores (V3), against eabc0c3 (OLD), alternated; V3's conformance and one-digit memcheck.
set -u
OLD=$(mktemp -d); tar -xJf .carry/old.tar.xz -C "$OLD"
V2=$(mktemp -d); tar -xJf .carry/v2.tar.xz -C "$V2"
V3=$(mktemp -d); tar -xJf .carry/v3.tar.xz -C "$V3"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-400}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
for b in "$OLD" "$V2" "$V3"; do "$b/gpusort-bench" --version | head -1 | tee -a "$L"; done
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
benchp() { part 60 "$1/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,i64 --values u32 --n 1e8 --dist uniform,entropy-0.544,entropy-0.201,zipf --reps 5 --json $OUT/$2.json -q; }
benchp "$OLD" s33r3-old-a; benchp "$V2" s33r3-v2-a; benchp "$V3" s33r3-v3-a
benchp "$V3" s33r3-v3-b; benchp "$V2" s33r3-v2-b; benchp "$OLD" s33r3-old-b
part 40 "$V3/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u*:*/radix_i*:*/radix_f*:*/radix_lsd_*"
part 30 compute-sanitizer --tool memcheck --error-exitcode 99 --print-limit 20 "$V3/gpusort-bench" --algo radix-lsd --type u32,u64,i32,f64 --values none,u32,u64 --n 2^20 --dist sorted,few-unique,zipf --order asc,desc --reps 1 --warmup 0 -q
grep -E "^=== |^rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" "$L" | cut -c1-200
