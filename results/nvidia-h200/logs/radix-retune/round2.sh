#!/usr/bin/env bash
# Round 2 of issue 19 (this session): correctness of the changed radix paths, then the tuning rounds.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"; tar -xJf .carry/bench.tar.xz -C "$B"; export LD_LIBRARY_PATH=$B
C=$B/tests/gsb_conformance; R=$B/tools/radix_bench
L=$OUT/checks.log
step() { echo "== $* ($(date -u +%H:%M:%S))"; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u
step "unit"; timeout 60 $B/tests/gsb_unit_tests --gtest_brief=1 | tail -3
step "conformance radix, radix-lsd"
timeout 200 $C --gtest_brief=1 --gtest_filter='*/radix_u*:*/radix_i*:*/radix_f*:*/radix_lsd_*' | tail -3; echo "rc=${PIPESTATUS[0]}"
step "conformance, LSD passes in portions of one tile (the retuned pairs)"
GSB_RADIX_PORTION_N=1 GSB_CONFORMANCE_MAX_N=70000 timeout 120 $C --gtest_brief=1 \
  --gtest_filter='*/radix_lsd_u32_u64:*/radix_lsd_i32_u64:*/radix_u16_u64:*/radix_u8_u32:*/radix_lsd_u8_u32:*/radix_i16_u64' | tail -3; echo "rc=${PIPESTATUS[0]}"
step "conformance, hybrid from n = 2, portions of 38400"
GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 timeout 120 $C --gtest_brief=1 \
  --gtest_filter='*/radix_u32_none:*/radix_f32_none:*/radix_u32_u32:*/radix_u32_u64:*/radix_i32_u64:*/radix_f32_u64' | tail -3; echo "rc=${PIPESTATUS[0]}"
step "conformance, counting sort from n = 2"
GSB_RADIX_COUNTING_MIN_N=2 timeout 100 $C --gtest_brief=1 --gtest_filter='*/radix_u8_none:*/radix_u16_none' | tail -3; echo "rc=${PIPESTATUS[0]}"
for t in memcheck racecheck synccheck; do
  step "$t: one-block shapes, LSD pairs in one-tile portions (n <= 70000)"
  f='*/radix_u8_u32:*/radix_u16_u64:*/radix_lsd_u32_u64:*/radix_u32_u32:*/radix_u16_none:*/radix_f32_none'
  [ $t = racecheck ] && f='*/radix_u8_u32:*/radix_u16_u64:*/radix_lsd_u32_u64'
  GSB_RADIX_PORTION_N=1 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 timeout 200 compute-sanitizer --tool $t \
    --error-exitcode 99 --print-limit 20 $C --gtest_brief=1 --gtest_filter="$f" 2>&1 | tail -3; echo "rc=${PIPESTATUS[0]}"
  step "$t: counting sort from n = 2"
  GSB_RADIX_COUNTING_MIN_N=2 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 timeout 120 compute-sanitizer --tool $t \
    --error-exitcode 99 --print-limit 20 $C --gtest_brief=1 --gtest_filter='*/radix_u8_none:*/radix_u16_none' 2>&1 | tail -3; echo "rc=${PIPESTATUS[0]}"
  step "$t: hybrid from n = 2, one-tile portions, u32+u64"
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 timeout 120 \
    compute-sanitizer --tool $t --error-exitcode 99 --print-limit 20 $C --gtest_brief=1 \
    --gtest_filter='*/radix_u32_u64' 2>&1 | tail -3; echo "rc=${PIPESTATUS[0]}"
done
date -u
} > $L 2>&1
grep -E "^==|PASSED|FAILED|SUMMARY|rc=|H200|H100" $L | cut -c1-160
step "small"; timeout 60 $R small 2100,3500,4864 50 > $OUT/small.log 2>&1; echo rc=$?
step "pairs"; timeout 200 $R pairs 16777216,1e8,268435456 10 > $OUT/pairs.log 2>&1; echo rc=$?
date -u
