#!/usr/bin/env bash
# Round 3 of issue 19 (this session): the radix grid (n <= 2^28, every key type, values none/u32/u64) on the
# retuned build, and the one-block shape's digit widths.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"; tar -xJf .carry/bench.tar.xz -C "$B"; export LD_LIBRARY_PATH=$B
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u
C=$B/tests/gsb_conformance
{
echo "== conformance radix, radix-lsd"
timeout 200 $C --gtest_brief=1 --gtest_filter='*/radix_u*:*/radix_i*:*/radix_f*:*/radix_lsd_*' | tail -3; echo "rc=${PIPESTATUS[0]}"
echo "== conformance, LSD passes in portions of one tile (the retuned pairs)"
GSB_RADIX_PORTION_N=1 GSB_CONFORMANCE_MAX_N=70000 timeout 120 $C --gtest_brief=1 \
  --gtest_filter='*/radix_u8_u32:*/radix_u8_u64:*/radix_u16_u32:*/radix_u16_u64:*/radix_u64_u64:*/radix_lsd_u32_u64' | tail -3; echo "rc=${PIPESTATUS[0]}"
for t in memcheck racecheck synccheck; do
  echo "== $t: the retuned pairs in one-tile portions, one-block shapes (n <= 70000)"
  GSB_RADIX_PORTION_N=1 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 timeout 150 compute-sanitizer --tool $t \
    --error-exitcode 99 --print-limit 20 $C --gtest_brief=1 \
    --gtest_filter='*/radix_u8_u32:*/radix_u8_u64:*/radix_u16_u32:*/radix_u64_u64' 2>&1 | tail -3; echo "rc=${PIPESTATUS[0]}"
done
} > $OUT/checks.log 2>&1
grep -E "^==|PASSED|FAILED|SUMMARY|rc=" $OUT/checks.log
echo "== small digit widths"; timeout 60 $B/tools/radix_bench small 2100,3500,4864 50 > $OUT/small.log 2>&1; echo rc=$?
echo "== grid main"; timeout 500 scripts/sweep.sh --parts radix-grid --grid-runs main --no-plot --tool $B/gpusort-bench \
  --out $OUT/grid > $OUT/grid.log 2>&1; echo rc=$?
date -u
