#!/usr/bin/env bash
# Second device call: pass-by-pass check against the host emulation, flakiness of failing conformance
# cases, sanitizers on a failing configuration, and the tool's timing against cub-merge.
set -u
B=${B:-.carry/bitonic}
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
S=$(date +%s)
step() { echo "=== $* (t=$(( $(date +%s) - S ))s)"; }
{ step check; timeout 90 $B/network_check; echo rc=$?; } > $OUT/check.log 2>&1
{ step tool
  timeout 60 $B/gpusort-bench --algo bitonic,cub-merge --values u32 --n 2^24 --reps 10 --validate none --json $OUT/bench.json
  echo rc=$?; } > $OUT/bench.log 2>&1
{ for i in 1 2; do step conformance $i
    timeout 40 $B/gsb_conformance --gtest_filter='*bitonic_u64_none*:*bitonic_i32_none*:*bitonic_u32_none*:*bitonic_u8_none*' 2>&1 | grep -E "failed:|OK \]|FAILED \]" | head -30
  done; } > $OUT/conformance.log 2>&1
{ export GSB_CONFORMANCE_MAX_N=70000
  step memcheck
  timeout 50 compute-sanitizer --tool memcheck --error-exitcode 9 $B/gsb_conformance --gtest_filter='*bitonic_u64_none*' 2>&1 | grep -v "^\[ RUN\|^\[       OK" | head -40
  echo rc=${PIPESTATUS[0]}
  export GSB_CONFORMANCE_QUICK=1
  step racecheck
  timeout 80 compute-sanitizer --tool racecheck --error-exitcode 9 $B/gsb_conformance --gtest_filter='*bitonic_u64_none*' 2>&1 | grep -v "^\[ RUN\|^\[       OK" | head -40
  echo rc=${PIPESTATUS[0]}
  step done; } > $OUT/sanitizer.log 2>&1
cat $OUT/check.log | tail -70; tail -5 $OUT/bench.log; cat $OUT/conformance.log | tail -20; grep -E "===|rc=|ERROR SUMMARY|failed" $OUT/sanitizer.log
