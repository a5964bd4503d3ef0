#!/usr/bin/env bash
# Round 2 (session 37, H200, build 1d39fdf): device-run.sh's forced sanitizer part (default 300 s per part).
set -u
L=$OUT/device.log
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
GSB_SKIP_TESTS=1 GSB_SANITIZE_PART=forced GSB_SKIP_BENCH=1 timeout ${LIMIT:-585} \
  bash .carry/device-run.sh .carry/build.tar.xz $OUT/dr > $OUT/dr.out 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"
grep -A40 "=== summary" $OUT/dr/device.log
grep -E "^=== |ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" $OUT/dr/device.log | tail -80
