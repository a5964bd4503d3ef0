#!/usr/bin/env bash
# Round 2 (session 34, H200): merge-samples with shared-memory indices by an unsigned shift (every mode), and
# GSB_MERGE_SPLIT 0 (main's fused search), 1 (a partition kernel, one thread a tile start, binary search in the sample
# window; keys alone merged against sentinels), 2 (1 and the tile sort's wide levels against sentinels), against
# cub-merge in the same runs; ncu per kernel; conformance and the three sanitizers of modes 1 and 2.
set -u
NEW=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$NEW"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-480}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
"$NEW/gpusort-bench" --version | head -1 | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== ${GSB_MERGE_SPLIT:-} ${GSB_MERGE_SAMPLES_LARGE:-} $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$NEW/gpusort-bench
J=$OUT/json; mkdir -p $J
b() { GSB_MERGE_SPLIT=$1 part 40 "$G" --algo merge-samples,cub-merge --type u32 --values none,u32 --n 1e8 --reps 5 --json $J/m$1-$2.json -q; }
b 0 a; b 1 a; b 2 a; b 2 b; b 1 b; b 0 b
for m in 0 2; do GSB_MERGE_SPLIT=$m part 40 "$G" --algo merge-samples,cub-merge --type f32,u64,i64 --values none,u32 --n 1e8 --reps 5 --json $J/m$m-types.json -q; done
for m in 0 2; do GSB_MERGE_SPLIT=$m part 40 "$G" --algo merge-samples,cub-merge --type u8,u16,u32,u64 --values none,u32,u64 --n 2^24 --reps 7 --json $J/m$m-2p24.json -q; done
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum
for m in 0 2; do GSB_MERGE_SPLIT=$m part 60 ncu --clock-control none --print-summary per-kernel --metrics $M "$G" --algo merge-samples --type u32 --values none --n 1e8 --reps 1 --warmup 0 -q; done
for m in 1 2; do
  GSB_MERGE_SPLIT=$m part 40 "$NEW/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
  GSB_MERGE_SPLIT=$m GSB_MERGE_SAMPLES_LARGE=1 part 40 "$NEW/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
done
for tool in memcheck synccheck; do for l in 0 1; do
  GSB_MERGE_SPLIT=2 GSB_MERGE_SAMPLES_LARGE=$l part 40 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$G" --algo merge-samples --type u8,u32,u64 --values none,u32 --n 1000,5000,70001,200000 --order asc,desc --reps 1 --warmup 0 -q
done; done
for l in 0 1; do GSB_MERGE_SPLIT=2 GSB_MERGE_SAMPLES_LARGE=$l part 60 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$G" --algo merge-samples --type u8,u32,u64 --values none --n 1000,70001 --reps 1 --warmup 0 -q; done
tar -cf $OUT/json.tar -C $OUT json && rm -rf $J
grep -E "^=== |^rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" "$L" | cut -c1-220
