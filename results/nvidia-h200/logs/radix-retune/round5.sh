#!/usr/bin/env bash
# Round 5 of issue 19 (this session): the final build's checks (radix family, the 1-byte one-block shape under the
# three sanitizers) and the radix grid (n <= 2^28).
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"; export LD_LIBRARY_PATH=$B
C=$B/tests/gsb_conformance
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u
{
echo "== unit"; timeout 60 $B/tests/gsb_unit_tests --gtest_brief=1 | tail -1
echo "== conformance radix, radix-lsd"
timeout 200 $C --gtest_brief=1 --gtest_filter='*/radix_u*:*/radix_i*:*/radix_f*:*/radix_lsd_*' | tail -3; echo "rc=${PIPESTATUS[0]}"
echo "== conformance, counting sort from n = 2; hybrid from n = 2 in portions of 38400"
GSB_RADIX_COUNTING_MIN_N=2 timeout 100 $C --gtest_brief=1 --gtest_filter='*/radix_u8_none:*/radix_u16_none' | tail -1; echo "rc=${PIPESTATUS[0]}"
GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 timeout 120 $C --gtest_brief=1 \
  --gtest_filter='*/radix_u32_none:*/radix_u32_u32:*/radix_u32_u64:*/radix_f32_u64' | tail -1; echo "rc=${PIPESTATUS[0]}"
for t in memcheck racecheck synccheck; do
  echo "== $t: the one-block shapes (n <= 8200), 1-byte keys and others"
  GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=8200 timeout 150 compute-sanitizer --tool $t --error-exitcode 99 \
    --print-limit 20 $C --gtest_brief=1 \
    --gtest_filter='*/radix_u8_none:*/radix_u8_u32:*/radix_u8_u64:*/radix_lsd_u8_u32:*/radix_u32_u32:*/radix_u16_none' 2>&1 | tail -3
  echo "rc=${PIPESTATUS[0]}"
done
} > $OUT/checks.log 2>&1
grep -E "^==|PASSED|FAILED|SUMMARY|rc=" $OUT/checks.log
echo "== grid main"; timeout 430 scripts/sweep.sh --parts radix-grid --grid-runs main --no-plot --tool $B/gpusort-bench \
  --out $OUT/grid > $OUT/grid.log 2>&1; echo rc=$?
date -u
