#!/usr/bin/env bash
# Round 2 (session 33, H200): one-digit tiles from registers with late values loaded before the look-back (NEW)
# against eabc0c3 (OLD), alternated; the other value modes once each; conformance, sanitizers, in-place racecheck.
set -u
OLD=$(mktemp -d); tar -xJf .carry/old.tar.xz -C "$OLD"
NEW=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$NEW"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-560}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
"$OLD/gpusort-bench" --version | head -1 | tee -a "$L"; "$NEW/gpusort-bench" --version | head -1 | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
benchp() { part 70 "$1/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,i64 --values u32 --n 1e8 --dist uniform,entropy-0.201,zipf,few-unique --reps 5 --json $OUT/$2.json -q; }
bench64() { part 60 "$1/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,u64 --values u64 --n 1e8 --dist zipf,few-unique,entropy-0.201 --reps 5 --json $OUT/$2.json -q; }
bench32() { part 30 "$1/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32 --values u32 --n 1e8 --dist zipf,few-unique,entropy-0.201,sorted --reps 5 --json $OUT/$2.json -q; }
benchp "$OLD" s33r2-pairs-old-a; benchp "$NEW" s33r2-pairs-new-a
bench64 "$NEW" s33r2-v64-new; bench64 "$OLD" s33r2-v64-old
bench32 "$OLD" s33r2-u32u32-old; bench32 "$NEW" s33r2-u32u32-new
benchp "$NEW" s33r2-pairs-new-b; benchp "$OLD" s33r2-pairs-old-b
C=$NEW/tests/gsb_conformance
part 90 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u*:*/radix_i*:*/radix_f*:*/radix_lsd_*"
part 20 "$NEW/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
for tool in memcheck racecheck synccheck; do
  cs="compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20"
  part 50 $cs "$NEW/gpusort-bench" --algo radix-lsd --type u32,u64,i32,f64 --values none,u32,u64 --n 2^20 --dist sorted,few-unique,zipf --order asc,desc --reps 1 --warmup 0 -q
  [ "$tool" = racecheck ] && continue
  part 30 env GSB_RADIX_HYBRID_MIN_N=2 $cs "$NEW/gpusort-bench" --algo radix --type u32,f64 --values none,u32 --n 2^20 --dist sorted,few-unique --order asc,desc --reps 1 --warmup 0 -q
done
part 150 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512-in-place compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$NEW/gpusort-bench" --algo radix --type u64 --values u64 --n 1000,3000 --dist uniform --order asc,desc --reps 1 --warmup 0 -q
grep -E "^=== |^rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" "$L" | cut -c1-220
