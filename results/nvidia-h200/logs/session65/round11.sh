#!/usr/bin/env bash
# Session 65, round 11: the radix conformance over every size with the landed build (`past`, the device code of
# 5f78805 and the head), which round 7 cut at 100 s: every radix back-end's cases (GSB_CONFORMANCE_FILTER='*radix*').
set -u
source scripts/device-round.sh
part 330 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_CONFORMANCE_FILTER='*radix*' GSB_PART_TIMEOUT=320 \
  GSB_PARTS='^conformance \(GPU\)$' bash .carry/device-run.sh .carry/past.tar.xz "$OUT/conformance-radix"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED|tests ran" "$OUT"/conformance-radix/device.log | cut -c1-200
