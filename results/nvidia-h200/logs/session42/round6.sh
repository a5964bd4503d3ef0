#!/usr/bin/env bash
# Session 42, sixth call (same build as round 5): device-run's forced sanitizer parts over the hybrid path's bucket
# kernels at small n -- "radix hybrid" (the default shapes: warps at these sizes) and "radix hybrid, 128-thread
# buckets" -- memcheck, racecheck (n <= 5000) and synccheck.
set -u
source scripts/device-round.sh
GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_PART_TIMEOUT=200 \
  GSB_PARTS='\(radix hybrid(, 128-thread buckets)?\)$' \
  timeout 540 bash scripts/device-run.sh .carry/main.tar.xz "$OUT/dr" > "$OUT/dr.out" 2>&1
echo "=== device-run rc=$? ($(date -u +%T))" | tee -a "$L"
grep -h -A40 "=== summary" "$OUT"/dr/device.log | grep -v "skipped (GSB_PARTS)"
grep -h -E "ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" "$OUT"/dr/device.log | sort | uniq -c | tee -a "$L"
