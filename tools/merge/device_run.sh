#!/usr/bin/env bash
# One device call for the merge family (run from the repository root on the GPU machine, OUT set): the tuning
# harness, an ncu look at the two heavy kernels, conformance for the merge back-ends, compute-sanitizer
# passes, and gpusort-bench timings.
# Expects binaries in build/merge (carried): gpusort-bench, libgsb.so, tests/gsb_conformance, merge_samples_tune.
set -u
B=build/merge
LOG=$OUT/merge_log.txt
run() { echo "=== $*" | tee -a "$LOG"; local t0=$(date +%s%N); "$@" >>"$LOG" 2>&1; local rc=$?; echo "=== rc=$rc $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$LOG"; tail -${TAILN:-6} "$LOG"; }
summ() { cut -d, -f1-8,13-16 "$1"; }
date -u | tee -a "$LOG"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv | tee -a "$LOG"
export LD_LIBRARY_PATH=$PWD/$B:${LD_LIBRARY_PATH:-}
BENCH="$B/gpusort-bench --reps 1 --warmup 0 -q"
# 1. Tuning harness: policy variants of merge-samples against CUB in one process (u32, n = 1e8).
TAILN=16 run timeout 60 $B/merge_samples_tune 100000000
# 2. ncu: the first tile sort and the first two merge passes of the default policy.
TAILN=40 run timeout 60 ncu --clock-control none -k regex:"merge_tiles" -c 1 --section SpeedOfLight --section Occupancy --section WarpStateStats $B/merge_samples_tune 100000000 quick
# 3. Conformance: merge-samples at every size; the serial back-ends at the small sizes and some at all sizes.
run timeout 60 $B/tests/gsb_conformance --gtest_filter='*merge_samples*' --gtest_brief=1
GSB_CONFORMANCE_MAX_N=70000 run timeout 40 $B/tests/gsb_conformance --gtest_filter='*merge_iterative*' --gtest_brief=1
GSB_CONFORMANCE_MAX_N=70000 run timeout 40 $B/tests/gsb_conformance --gtest_filter='*merge_cdp*' --gtest_brief=1
GSB_CONFORMANCE_MAX_N=1100 run timeout 15 $B/tests/gsb_conformance --gtest_filter='*merge_recursive*' --gtest_brief=1
run timeout 30 $B/tests/gsb_conformance --gtest_filter='*merge_iterative_i32_u64*:*merge_cdp_f32_none*:*merge_cdp_u16_u32*' --gtest_brief=1
# 4. Sanitizers (one case each: partial tiles and merge passes).
run timeout 40 compute-sanitizer --tool memcheck --error-exitcode 9 $BENCH --algo merge-samples,merge-iterative,merge-cdp,merge-recursive --n 20001 --type u32,u64,u8 --values none,u64
run timeout 25 compute-sanitizer --tool racecheck --error-exitcode 9 $BENCH --algo merge-samples --n 65537 --type u32,u64,u8 --values none,u32
run timeout 25 compute-sanitizer --tool synccheck --error-exitcode 9 $BENCH --algo merge-samples --n 65537 --type u32,u16 --values none,u64
# 5. The tool: merge-samples vs cub-merge at 1e8 (same run), and the serial designs at sizes they finish.
run timeout 90 $B/gpusort-bench -q --algo merge-samples,cub-merge --n 1e8 --type u32,f32,u64 --values none,u32 --json $OUT/samples_1e8.json --csv $OUT/samples_1e8.csv
summ $OUT/samples_1e8.csv | tee -a "$LOG"
run timeout 50 $B/gpusort-bench -q --algo merge-iterative,merge-cdp,merge-recursive,merge-samples,cub-merge --n 4096,65536,262144 --type u32 --reps 3 --warmup 1 --json $OUT/merge_small.json --csv $OUT/merge_small.csv
summ $OUT/merge_small.csv | tee -a "$LOG"
run timeout 60 $B/gpusort-bench -q --algo merge-iterative,merge-cdp,merge-samples,cub-merge --n 4194304 --type u32 --values none,u32 --reps 3 --warmup 1 --json $OUT/merge_4M.json --csv $OUT/merge_4M.csv
summ $OUT/merge_4M.csv | tee -a "$LOG"
# 6. Beyond 2^32 keys (u8: 4.3 GB per half), validated.
run timeout 110 $B/gpusort-bench -q --algo merge-samples --n 4294968296 --type u8 --reps 1 --warmup 0 --csv $OUT/samples_2p32.csv
summ $OUT/samples_2p32.csv | tee -a "$LOG"
date -u | tee -a "$LOG"
