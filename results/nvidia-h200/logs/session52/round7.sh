#!/usr/bin/env bash
# Session 52, round 7: the review mend (`mend`, host code only: one occupancy cache for resident_blocks_per_sm and
# resident_clusters). The unit tests, every radix conformance part and the parts test;
# a short run of radix against cub-radix.
set -u
source scripts/device-round.sh
R=$(unpack .carry/mend.tar.xz)
part 200 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
  GSB_PARTS='^unit tests|^conformance \(radix|^radix pass parts' bash .carry/device-run.sh "$R" "$OUT/conformance"
part 30 "$R/gpusort-bench" --algo radix,cub-radix --type u32,u64 --n 2^22,1e7,1e8 --reps 10 -q --json "$OUT/check.json"
grep -E "^=== |^rc=" "$L" | cut -c1-140
grep -hE "PASSED|FAILED" "$OUT"/conformance/device.log | sort | uniq -c
grep -E "PASSED|FAILED" "$L"
