#!/usr/bin/env bash
# One device call for the sorting-network back-ends (under 2 minutes): per-pass timing of bitonic `rows` (the
# default) and its run-time candidates (GSB_BITONIC_IO=shared: coalesced block sort loads and block sort/merge
# stores through shared memory; GSB_BITONIC_PREFETCH=D: L2 bulk prefetch D tiles ahead), the tool's timings
# against cub-merge, rows against `registers` for u64+u64 and u32 keys, a pass-by-pass check against the host
# emulation (network_check), the conformance filter and compute-sanitizer on small runs (candidate options set,
# so that the new code paths are the ones checked; the candidate's conformance run comes last and gets what is
# left).
# $B: gpusort-bench, libgsb.so*, tests/gsb_conformance, tests/bitonic/{network_pass_bench,network_check} (built
# with -DGSB_BITONIC_TOOLS=ON); $O: output folder. Every step gets what is left of a 116 s budget, at most its
# own limit.
set -u
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
S=$(date +%s)
step() { echo "=== $* (t=$(( $(date +%s) - S ))s)"; }
lim() { local l=$(( 116 - ($(date +%s) - S) )); [ $l -gt $1 ] && l=$1; [ $l -lt 1 ] && l=1; echo $l; }
N='2^20,2^24,16789561,1e8'
T="--reps 5 --warmup 1 --validate none"
PB=$B/tests/bitonic/network_pass_bench
CAND="GSB_BITONIC_IO=shuffle GSB_BITONIC_PREFETCH=264"
{ step smi; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
  step pass bench default; timeout $(lim 10) $PB 24 16789561 1048576; echo rc=$?
  for c in "GSB_BITONIC_IO=shared" "GSB_BITONIC_IO=shuffle" "$CAND" \
           "GSB_BITONIC_IO=shuffle GSB_BITONIC_PREFETCH=132" "GSB_BITONIC_IO=shuffle GSB_BITONIC_PREFETCH=528"; do
    step pass bench $c; env $c GSB_PASS_BENCH_OEM=0 timeout $(lim 4) $PB 24; echo rc=$?
  done; } > $O/pass_bench.log 2>&1
{ step tool default + cub-merge
  timeout $(lim 8) $B/gpusort-bench --algo bitonic,cub-merge --type u32 --values none,u32 --n $N $T --json $O/bench_default.json
  echo rc=$?
  step tool $CAND
  env $CAND timeout $(lim 6) $B/gpusort-bench --algo bitonic --type u32 --values none,u32 --n $N $T --json $O/bench_cand.json
  echo rc=$?
  for c in "GSB_BITONIC_IO=shared" "GSB_BITONIC_IO=shuffle" "GSB_BITONIC_PREFETCH=264"; do step tool $c
    env $c timeout $(lim 3) $B/gpusort-bench --algo bitonic --type u32 --values u32 --n 2^24,1e8 $T \
      --json $O/bench_$(echo $c | tr -c 'a-zA-Z0-9\n' _).json; echo rc=$?
  done
  step tool rows vs registers: u64+u64, u32 keys
  for v in rows registers; do GSB_BITONIC_VARIANT=$v timeout $(lim 5) $B/gpusort-bench --algo bitonic --type u64 \
    --values u64 --n 2^24 $T --json $O/bench64_$v.json; echo rc=$?; done
  env $CAND timeout $(lim 3) $B/gpusort-bench --algo bitonic --type u64 --values u64 --n 2^24 $T --json $O/bench64_cand.json
  echo rc=$?
  GSB_BITONIC_VARIANT=registers timeout $(lim 4) $B/gpusort-bench --algo bitonic --type u32 --values none --n 2^24,1e8 $T \
    --json $O/bench_registers_keys.json; echo rc=$?
  step odd-even-merge
  timeout $(lim 5) $B/gpusort-bench --algo odd-even-merge --type u32 --values none,u32 --n 2^24 $T --json $O/bench_oem.json
  echo rc=$?; } > $O/bench.log 2>&1
{ step check default; timeout $(lim 10) $B/tests/bitonic/network_check rows; echo rc=$?
  step check $CAND; env $CAND timeout $(lim 6) $B/tests/bitonic/network_check bitonic; echo rc=$?; } > $O/check.log 2>&1
{ step conformance default
  timeout $(lim 16) $B/tests/gsb_conformance --gtest_filter='*bitonic*:*odd_even*' 2>&1 | grep -v '^\[ RUN\|^\[       OK'
  echo rc=${PIPESTATUS[0]}
  } > $O/conformance.log 2>&1
{ export GSB_CONFORMANCE_MAX_N=70000 GSB_CONFORMANCE_QUICK=1 GSB_BITONIC_IO=shuffle GSB_BITONIC_PREFETCH=264
  F='*bitonic_u32_u32*:*odd_even_merge_u32_u32*:*bitonic_u64_u64*:*bitonic_u8_none*'
  step memcheck
  timeout $(lim 8) compute-sanitizer --tool memcheck --error-exitcode 9 $B/tests/gsb_conformance \
    --gtest_filter="$F" 2>&1 | tail -3; echo rc=${PIPESTATUS[0]}
  step synccheck
  timeout $(lim 5) compute-sanitizer --tool synccheck --error-exitcode 9 $B/tests/gsb_conformance \
    --gtest_filter='*bitonic_u32_u32*:*odd_even_merge_u32_u32*' 2>&1 | tail -3; echo rc=${PIPESTATUS[0]}
  step racecheck
  timeout $(lim 48) compute-sanitizer --tool racecheck --error-exitcode 9 $B/tests/gsb_conformance \
    --gtest_filter='*bitonic_u32_u32*' 2>&1 | tail -4; echo rc=${PIPESTATUS[0]}
  step done; } > $O/sanitizer.log 2>&1
{ step conformance $CAND
  env $CAND timeout $(lim 9) $B/tests/gsb_conformance --gtest_filter='*bitonic*' 2>&1 | grep -v '^\[ RUN\|^\[       OK'
  echo rc=${PIPESTATUS[0]}; } >> $O/conformance.log 2>&1
grep -E "options|CORRECT|WRONG|total|copy|rc=|===" $O/pass_bench.log
grep -E "^bitonic|^cub|^odd|rc=|===" $O/bench.log
grep -E "===|network_check|MISMATCH|rc=" $O/check.log | head -20
grep -E "===|PASSED|FAILED|rc=" $O/conformance.log | head -20
grep -E "===|rc=|SUMMARY|PASSED|FAILED" $O/sanitizer.log
