#!/usr/bin/env bash
# One device call for the sorting-network back-ends (under 2 minutes): per-pass timing of bitonic and odd-even
# merge at 2^24 u32+u32 (network_pass_bench), the tool against cub-merge, a pass-by-pass check against the host
# emulation (network_check), the conformance filter, and compute-sanitizer memcheck / synccheck / racecheck on
# small runs.
# $B: gpusort-bench, libgsb.so*, tests/gsb_conformance, tests/network/{network_pass_bench,network_check} (built
# with --target tools); $O: output folder. Every step gets what is left of a 116 s budget, at most its
# own limit.
set -u
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
S=$(date +%s)
step() { echo "=== $* (t=$(( $(date +%s) - S ))s)"; }
lim() { local l=$(( 116 - ($(date +%s) - S) )); [ $l -gt $1 ] && l=$1; [ $l -lt 1 ] && l=1; echo $l; }
N='2^20,2^24,16789561,1e8'
T="--reps 5 --warmup 1 --validate none"
{ step smi; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
  step pass bench; timeout $(lim 10) $B/tools/network/network_pass_bench 24 16789561 1048576 100000000; echo rc=$?
} > $O/pass_bench.log 2>&1
{ step tool u32, u32+u32
  timeout $(lim 10) $B/gpusort-bench --algo bitonic,odd-even-merge,cub-merge --type u32 --values none,u32 --n $N $T \
    --json $O/bench.json; echo rc=$?
  step tool u64+u64
  timeout $(lim 5) $B/gpusort-bench --algo bitonic,cub-merge --type u64 --values u64 --n 2^24 $T --json $O/bench64.json
  echo rc=$?; } > $O/bench.log 2>&1
{ step check; timeout $(lim 12) $B/tools/network/network_check; echo rc=$?; } > $O/check.log 2>&1
{ step conformance
  timeout $(lim 16) $B/tests/gsb_conformance --gtest_filter='*bitonic*:*odd_even*' 2>&1 | grep -v '^\[ RUN\|^\[       OK'
  echo rc=${PIPESTATUS[0]}; } > $O/conformance.log 2>&1
( export GSB_CONFORMANCE_MAX_N=70000 GSB_CONFORMANCE_QUICK=1
  F='*bitonic_u32_u32*:*odd_even_merge_u32_u32*:*bitonic_u64_u64*:*bitonic_u8_none*'
  step memcheck
  timeout $(lim 8) compute-sanitizer --tool memcheck --error-exitcode 9 $B/tests/gsb_conformance \
    --gtest_filter="$F" 2>&1 | tail -3; echo rc=${PIPESTATUS[0]}
  step synccheck
  timeout $(lim 5) compute-sanitizer --tool synccheck --error-exitcode 9 $B/tests/gsb_conformance \
    --gtest_filter='*bitonic_u32_u32*:*odd_even_merge_u32_u32*' 2>&1 | tail -3; echo rc=${PIPESTATUS[0]}
  step racecheck
  timeout $(lim 60) compute-sanitizer --tool racecheck --error-exitcode 9 $B/tests/gsb_conformance \
    --gtest_filter='*bitonic_u32_u32*:*odd_even_merge_u32_u32*' 2>&1 | tail -4; echo rc=${PIPESTATUS[0]}
  step done ) > $O/sanitizer.log 2>&1
grep -E "CORRECT|WRONG|total|copy|rc=|===" $O/pass_bench.log
grep -E "^bitonic|^cub|^odd|rc=|===" $O/bench.log
grep -E "===|network_check|MISMATCH|rc=" $O/check.log | head -20
grep -E "===|PASSED|FAILED|rc=" $O/conformance.log | head -20
grep -E "===|rc=|SUMMARY|PASSED|FAILED" $O/sanitizer.log
