#!/usr/bin/env bash
# Round 5 (session 34, H200): merge-samples as committed (7206cac): the sweep's merge part and the small-n table for
# results/, key types and value modes at 1e8 and 2^25, ncu per kernel; conformance with the small tiles, the large tiles
# forced, the partition kernel forced and both; the three sanitizers of each.
set -u
NEW=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$NEW"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-500}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
"$NEW/gpusort-bench" --version | head -1 | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== L=${GSB_MERGE_SAMPLES_LARGE:-} P=${GSB_MERGE_SAMPLES_PRESPLIT:-} $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$NEW/gpusort-bench
J=$OUT/json; mkdir -p $J
part 120 bash scripts/sweep.sh --parts merge --no-plot --reps 5 --tool "$G" --out $J/sweep
part 60 "$G" --algo merge-samples,cub-merge --type u32,u64,u8,f32 --values none,u32,u64 --n 1,100,1e3,4864,1e4,2^16,2^18,2^20,2^21,2^22 --reps 20 --warmup 3 --json $J/merge-small-n.json -q
part 60 "$G" --algo merge-samples,cub-merge --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 --n 1e8 --reps 5 --json $J/types-1e8.json -q
part 40 "$G" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^23,2^24,2^25,2^26 --reps 10 --json $J/mid.json -q
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum
part 40 ncu --clock-control none --print-summary per-kernel --metrics $M "$G" --algo merge-samples,cub-merge --type u32 --values none --n 1e8 --reps 1 --warmup 0 -q
for v in "0 0" "1 0" "0 1" "1 1"; do set -- $v
  GSB_MERGE_SAMPLES_LARGE=$1 GSB_MERGE_SAMPLES_PRESPLIT=$2 part 40 "$NEW/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
done
for v in "0 1" "1 1" "1 0"; do set -- $v
  for tool in memcheck synccheck; do
    GSB_MERGE_SAMPLES_LARGE=$1 GSB_MERGE_SAMPLES_PRESPLIT=$2 part 40 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$G" --algo merge-samples --type u8,u16,u32,u64 --values none,u32 --n 1000,5000,70001,200000 --order asc,desc --reps 1 --warmup 0 -q
  done
  GSB_MERGE_SAMPLES_LARGE=$1 GSB_MERGE_SAMPLES_PRESPLIT=$2 part 60 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$G" --algo merge-samples --type u8,u32,u64 --values none,u32 --n 1000,70001 --reps 1 --warmup 0 -q
done
tar -cf $OUT/json.tar -C $OUT json && rm -rf $J
grep -E "^=== |^rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" "$L" | cut -c1-200
