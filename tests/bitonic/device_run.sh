#!/usr/bin/env bash
# One device call for the sorting-network back-ends (about 2 minutes): per-pass timing of the bitonic variants
# and odd-even merge (network_pass_bench), a pass-by-pass check against the host emulation (network_check), the
# tool's timings per variant (GSB_BITONIC_VARIANT, GSB_BITONIC_ROW_LOAD) against cub-merge, the conformance
# filter and compute-sanitizer on small runs (on the row variants; the defaults are still `registers`).
# $B: gpusort-bench, libgsb.so*, tests/gsb_conformance, tests/bitonic/{network_pass_bench,network_check} (built
# with -DGSB_BITONIC_TOOLS=ON); $O: output folder. Every step gets what is left of a 115 s budget, at most
# its own limit, so the whole call stays under 2 minutes.
set -u
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
S=$(date +%s)
step() { echo "=== $* (t=$(( $(date +%s) - S ))s)"; }
lim() { local l=$(( 115 - ($(date +%s) - S) )); [ $l -gt $1 ] && l=$1; [ $l -lt 1 ] && l=1; echo $l; }
N='2^20,2^24,16789561,1e8'
T="--reps 5 --warmup 1 --validate none"
{ step smi; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
  step pass bench; timeout $(lim 25) $B/tests/bitonic/network_pass_bench 24 16789561 1048576 100000000
  echo rc=$?; } > $O/pass_bench.log 2>&1
{ step check; timeout $(lim 18) $B/tests/bitonic/network_check; echo rc=$?; } > $O/check.log 2>&1
{ step tool rows14
  GSB_BITONIC_VARIANT=rows14 timeout $(lim 10) $B/gpusort-bench --algo bitonic --type u32 --values none,u32 --n $N $T --json $O/bench_rows14.json
  echo rc=$?
  for v in rows14w registers rows; do step tool $v
    GSB_BITONIC_VARIANT=$v timeout $(lim 6) $B/gpusort-bench --algo bitonic --type u32 --values u32 --n 2^24,1e8 $T \
      --json $O/bench_$v.json; echo rc=$?
  done
  step tool rows14 vector loads
  GSB_BITONIC_VARIANT=rows14 GSB_BITONIC_ROW_LOAD=vector timeout $(lim 6) $B/gpusort-bench --algo bitonic --type u32 --values u32 --n 2^24,1e8 \
    $T --json $O/bench_rows14_vector.json; echo rc=$?
  step tool u64+u64
  for v in rows14 registers; do GSB_BITONIC_VARIANT=$v timeout $(lim 5) $B/gpusort-bench --algo bitonic --type u64 \
    --values u64 --n 2^24 $T --json $O/bench64_$v.json; echo rc=$?; done
  step tool odd-even-merge rows, cub-merge
  GSB_ODD_EVEN_VARIANT=rows timeout $(lim 12) $B/gpusort-bench --algo odd-even-merge,cub-merge --type u32 --values none,u32 --n 2^24,1e8 $T \
    --json $O/bench_oem_cub.json; echo rc=$?; } > $O/bench.log 2>&1
# Conformance and sanitizers on the new code (the defaults are still the old, verified configurations).
export GSB_BITONIC_VARIANT=rows14 GSB_ODD_EVEN_VARIANT=rows
{ step conformance
  timeout $(lim 20) $B/tests/gsb_conformance --gtest_filter='*bitonic*:*odd_even*' 2>&1 | grep -v '^\[ RUN\|^\[       OK'
  echo rc=${PIPESTATUS[0]}; } > $O/conformance.log 2>&1
{ export GSB_CONFORMANCE_MAX_N=70000 GSB_CONFORMANCE_QUICK=1
  F='*bitonic_u32_u32*:*odd_even_merge_u32_u32*:*bitonic_u64_u64*:*bitonic_u8_none*'
  step memcheck
  timeout $(lim 10) compute-sanitizer --tool memcheck --error-exitcode 9 $B/tests/gsb_conformance \
    --gtest_filter="$F" 2>&1 | tail -3; echo rc=${PIPESTATUS[0]}
  step racecheck
  timeout $(lim 12) compute-sanitizer --tool racecheck --error-exitcode 9 $B/tests/gsb_conformance \
    --gtest_filter='*bitonic_u32_u32*:*odd_even_merge_u32_u32*' 2>&1 | tail -3; echo rc=${PIPESTATUS[0]}
  step synccheck
  timeout $(lim 6) compute-sanitizer --tool synccheck --error-exitcode 9 $B/tests/gsb_conformance \
    --gtest_filter='*bitonic_u32_u32*:*odd_even_merge_u32_u32*' 2>&1 | tail -3; echo rc=${PIPESTATUS[0]}
  step done; } > $O/sanitizer.log 2>&1
grep -E "CORRECT|WRONG|total|copy|rc=" $O/pass_bench.log
grep -E "^bitonic|^cub|^odd|rc=|===" $O/bench.log
grep -E "network_check|MISMATCH|rc=" $O/check.log | head -20
grep -E "PASSED|FAILED|rc=" $O/conformance.log | head -20
grep -E "===|rc=|SUMMARY" $O/sanitizer.log
