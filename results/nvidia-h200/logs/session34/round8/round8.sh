#!/usr/bin/env bash
# Round 8 (session 34, H200): 1- and 2-byte keys alone in merge-samples' 1024 x 32 tiles and the u16 merge kernel held
# to 8 blocks (build.tar.xz) against f471d19 (base.tar.xz), alternated, cub-merge in the same runs; conformance and
# the three sanitizers of the new shapes (large tiles forced).
set -u
NEW=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$NEW"
OLD=$(mktemp -d); tar -xJf .carry/base.tar.xz -C "$OLD"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-300}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
"$NEW/gpusort-bench" --version | head -1 | tee -a "$L"; "$OLD/gpusort-bench" --version | head -1 | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== L=${GSB_MERGE_SAMPLES_LARGE:-} P=${GSB_MERGE_SAMPLES_PRESPLIT:-} $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
J=$OUT/json; mkdir -p $J
b() { part 40 "$1/gpusort-bench" --algo merge-samples,cub-merge --type u8,u16 --values none --n 2^22,2^24,2^26,1e8 --reps 7 --json $J/$2.json -q; }
b "$NEW" new-a; b "$OLD" old-a; b "$OLD" old-b; b "$NEW" new-b
part 40 "$NEW/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_u8_*:*/merge_samples_u16_*"
GSB_MERGE_SAMPLES_LARGE=1 part 40 "$NEW/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_u8_*:*/merge_samples_u16_*"
for tool in memcheck synccheck racecheck; do
  GSB_MERGE_SAMPLES_LARGE=1 part 40 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$NEW/gpusort-bench" --algo merge-samples --type u8,u16 --values none --n 1000,70001,200000 --order asc,desc --reps 1 --warmup 0 -q
done
tar -cf $OUT/json.tar -C $OUT json && rm -rf $J
grep -E "^=== |^rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" "$L" | cut -c1-200
