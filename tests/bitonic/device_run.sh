#!/usr/bin/env bash
# One device call for the sorting-network back-ends: per-pass timing, the tool's timings against cub-merge,
# a pass-by-pass check against the host emulation, the conformance filter, and compute-sanitizer on small
# filtered runs. Binaries and libgsb.so are carried in .carry/bitonic (built on the host with
# -DGSB_BITONIC_TOOLS=ON); logs go to $OUT.
set -u
B=${B:-.carry/bitonic}
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
S=$(date +%s)
step() { echo "=== $* (t=$(( $(date +%s) - S ))s)"; }
{ step smi
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv
  step pass bench
  timeout 50 $B/network_pass_bench 24 16777217 33554432 10000000; echo rc=$?; } > $OUT/pass_bench.log 2>&1
{ step tool
  timeout 60 $B/gpusort-bench --algo bitonic,odd-even-merge,cub-merge --values u32 --n 2^24 --reps 10 \
    --json $OUT/bench.json; echo rc=$?
  timeout 60 $B/gpusort-bench --algo bitonic,cub-merge --values none,u32,u64 --type u32,u64 \
    --n 2^24,16777217,2^25 --reps 5 --json $OUT/bench_more.json; echo rc=$?; } > $OUT/bench.log 2>&1
{ step check; timeout 60 $B/network_check; echo rc=$?
  step conformance
  timeout 120 $B/gsb_conformance --gtest_filter='*bitonic*:*odd_even*' 2>&1 | grep -v '^\[ RUN\|^\[       OK'
  echo rc=${PIPESTATUS[0]}; } > $OUT/conformance.log 2>&1
{ export GSB_CONFORMANCE_MAX_N=70000
  F='*bitonic_u32_u32*:*bitonic_u8_none*:*bitonic_u64_u64*:*odd_even_merge_u32_u32*:*odd_even_merge_u64_u64*'
  for tool in memcheck synccheck; do step $tool
    timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 $B/gsb_conformance --gtest_filter="$F" 2>&1 | tail -4
    echo rc=${PIPESTATUS[0]}
  done
  export GSB_CONFORMANCE_QUICK=1
  step racecheck
  timeout 90 compute-sanitizer --tool racecheck --error-exitcode 9 $B/gsb_conformance --gtest_filter="$F" 2>&1 | tail -4
  echo rc=${PIPESTATUS[0]}
  step done; } > $OUT/sanitizer.log 2>&1
grep -E "CORRECT|WRONG|total|copy" $OUT/pass_bench.log; grep -E "^bitonic|^cub|^odd|rc=" $OUT/bench.log
grep -E "network_check|MISMATCH|PASSED|FAILED|rc=" $OUT/conformance.log | head -20; grep -E "===|rc=|SUMMARY" $OUT/sanitizer.log
