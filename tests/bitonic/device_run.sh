#!/usr/bin/env bash
# One device call for the sorting-network back-ends: correctness (conformance filter), per-pass timing,
# the tool's timings against cub-merge, and compute-sanitizer on small filtered runs. Binaries and libgsb.so
# are carried in .carry/bitonic (built on the host). Logs go to $OUT. Usage: bash tests/bitonic/device_run.sh
set -u
B=${B:-.carry/bitonic}
OUT=${OUT:-/tmp/out}
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
S=$(date +%s)
step() { echo "=== $* (t=$(( $(date +%s) - S ))s)"; }
{
  step smi
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv
  step pass bench
  timeout 50 $B/network_pass_bench 24 16777217 10000000 3000000
} > $OUT/pass_bench.log 2>&1
{
  step tool
  timeout 60 $B/gpusort-bench --algo bitonic,odd-even-merge,cub-merge --values u32 --n 2^24 --reps 10 \
    --json $OUT/bench.json
  timeout 40 $B/gpusort-bench --algo bitonic,cub-merge --values u32,none --type u32,u64 --n 2^24,16777217,10000000 \
    --reps 5 --json $OUT/bench_more.json
} > $OUT/bench.log 2>&1
{
  step conformance
  timeout ${CONF_S:-150} $B/gsb_conformance --gtest_filter='*bitonic*:*odd_even*' 2>&1 | grep -v '^\[ RUN\|^\[       OK' 
} > $OUT/conformance.log 2>&1
{
  export GSB_CONFORMANCE_MAX_N=70000
  for tool in memcheck synccheck racecheck; do
    step $tool
    timeout ${SAN_S:-60} compute-sanitizer --tool $tool --error-exitcode 9 $B/gsb_conformance \
      --gtest_filter='*bitonic_u32_u32*:*odd_even_merge_u64_u64*' 2>&1 | tail -8
    echo "rc=${PIPESTATUS[0]}"
  done
  step done
} > $OUT/sanitizer.log 2>&1
tail -30 $OUT/pass_bench.log; grep -E "PASSED|FAILED|SKIPPED|tests ran" $OUT/conformance.log | head; grep -E "===|rc=|ERROR SUMMARY" $OUT/sanitizer.log
