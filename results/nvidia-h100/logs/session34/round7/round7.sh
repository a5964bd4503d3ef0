#!/usr/bin/env bash
# Round 7 (session 34, H100; round 6 the same on an H200): merge-samples as committed (f471d19, partition kernel from
# 7 waves): the sweep's merge and small-n parts and the small-n table for results/, key types at 1e8 and n = 2^23 ..
# 2^26; conformance with the partition kernel forced and not.
set -u
NEW=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$NEW"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-400}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
"$NEW/gpusort-bench" --version | head -1 | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== L=${GSB_MERGE_SAMPLES_LARGE:-} P=${GSB_MERGE_SAMPLES_PRESPLIT:-} $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$NEW/gpusort-bench
J=$OUT/json; mkdir -p $J
part 120 bash scripts/sweep.sh --parts merge --no-plot --reps 5 --tool "$G" --out $J/sweep
[ "${SMALL_PART:-1}" = 1 ] && part 90 bash scripts/sweep.sh --parts small-n --no-plot --tool "$G" --out $J/sweep
part 60 "$G" --algo merge-samples,cub-merge --type u32,u64,u8,f32 --values none,u32,u64 --n 1,100,1e3,4864,1e4,2^16,2^18,2^20,2^21,2^22 --reps 20 --warmup 3 --json $J/merge-small-n.json -q
part 40 "$G" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^23,2^24,2^25,2^26 --reps 10 --json $J/merge-mid.json -q
part 60 "$G" --algo merge-samples,cub-merge --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 --n 1e8 --reps 5 --json $J/merge-types-1e8.json -q
part 40 "$NEW/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
GSB_MERGE_SAMPLES_PRESPLIT=1 part 40 "$NEW/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
GSB_MERGE_SAMPLES_PRESPLIT=1 GSB_MERGE_SAMPLES_LARGE=1 part 40 compute-sanitizer --tool memcheck --error-exitcode 99 --print-limit 20 "$G" --algo merge-samples --type u8,u32,u64 --values none,u32 --n 1000,70001,200000 --reps 1 --warmup 0 -q
tar -cf $OUT/json.tar -C $OUT json && rm -rf $J
grep -E "^=== |^rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" "$L" | cut -c1-200
