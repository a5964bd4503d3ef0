#!/usr/bin/env bash
# Round 6 (session 33, H200): the kept build (one-digit tiles of pairs from registers, keys alone through shared
# memory), 8-byte keys with u32 values at every skewed distribution, twice; conformance and the one-digit sanitizers.
set -u
NEW=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$NEW"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-200}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
"$NEW/gpusort-bench" --version | head -1 | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
b() { part 75 "$NEW/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,i64 --values u32 --n 1e8 --dist uniform,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf --reps 5 --json $OUT/$1.json -q; }
b s33r6-8byte-u32-a
part 20 "$NEW/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u*:*/radix_i*:*/radix_f*:*/radix_lsd_*"
part 15 compute-sanitizer --tool memcheck --error-exitcode 99 --print-limit 20 "$NEW/gpusort-bench" --algo radix-lsd --type u64,i32 --values none,u32,u64 --n 2^20 --dist sorted,few-unique,zipf --order asc,desc --reps 1 --warmup 0 -q
part 15 compute-sanitizer --tool synccheck --error-exitcode 99 --print-limit 20 "$NEW/gpusort-bench" --algo radix-lsd --type u64,i32 --values none,u32,u64 --n 2^20 --dist sorted,few-unique,zipf --order asc,desc --reps 1 --warmup 0 -q
part 30 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$NEW/gpusort-bench" --algo radix-lsd --type u64 --values u32 --n 2^20 --dist few-unique,zipf --reps 1 --warmup 0 -q
b s33r6-8byte-u32-b
grep -E "^=== |^rc=|ERROR SUMMARY|PASSED|FAILED" "$L" | cut -c1-200
