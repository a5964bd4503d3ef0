#!/usr/bin/env bash
# Round 1 (session 34, H200): merge-samples' pass partition. GSB_MERGE_SPLIT 0 (main: each merge block searches both
# ends of its tile, 32 probes a round in the sample window), 1 (a partition kernel: one thread a tile start, binary
# search in the window), 2 (the same over the whole segment, no rank kernel), 3 (a partition kernel, one warp a tile
# start, 32 probes a round in the window), against cub-merge in the same runs; ncu per kernel; conformance and
# memcheck of the new paths.
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
b() { GSB_MERGE_SPLIT=$1 part 40 "$G" --algo merge-samples,cub-merge --type u32 --values none,u32 --n 1e8 --reps 5 --json $OUT/m$1-$2.json -q; }
b 0 a; b 1 a; b 2 a; b 3 a; b 3 b; b 2 b; b 1 b; b 0 b
for m in 0 1 3; do GSB_MERGE_SPLIT=$m part 40 "$G" --algo merge-samples,cub-merge --type u32,u64 --values none,u32 --n 2^24 --reps 7 --json $OUT/m$m-2p24.json -q; done
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum
for m in 0 1 3; do GSB_MERGE_SPLIT=$m part 60 ncu --clock-control none --print-summary per-kernel --metrics $M "$G" --algo merge-samples --type u32 --values none --n 1e8 --reps 1 --warmup 0 -q; done
part 60 ncu --clock-control none --print-summary per-kernel --metrics $M "$G" --algo cub-merge --type u32 --values none --n 1e8 --reps 1 --warmup 0 -q
for m in 1 2 3; do
  GSB_MERGE_SPLIT=$m part 40 "$NEW/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
  GSB_MERGE_SPLIT=$m GSB_MERGE_SAMPLES_LARGE=1 part 40 "$NEW/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
done
for m in 1 3; do GSB_MERGE_SPLIT=$m GSB_MERGE_SAMPLES_LARGE=1 part 40 compute-sanitizer --tool memcheck --error-exitcode 99 --print-limit 20 "$G" --algo merge-samples --type u32,u64 --values none,u32 --n 70001,200000 --reps 1 --warmup 0 -q; done
grep -E "^=== |^rc=|ERROR SUMMARY|PASSED|FAILED" "$L" | cut -c1-220
