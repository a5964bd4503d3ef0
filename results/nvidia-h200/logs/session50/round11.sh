#!/usr/bin/env bash
# Session 50, round 11: the 16-bit histogram beside the sample tests the sample's verdict before it counts and after
# every load of its last ones too (`stop`: gpusort-bench and libgsb.so of 1bb27b7's tree with that change, its version
# line reads 1bb27b7-dirty), against `base` (`main`, eefbcea's device code). The radix conformance parts of the hybrid
# path and the counting sort and their memcheck and synccheck with stop's libgsb.so; then alternated twice, skewed
# and uniform keys, cub-radix in every run.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
S=$(unpack .carry/stop.tar.xz)
T=$(mktemp -d) && cp -a "$M"/. "$T"/ && cp -a "$S"/libgsb.so* "$T"/
part 60 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
  GSB_PARTS='^conformance \(radix hybrid path from|^conformance \(radix counting' bash scripts/device-run.sh "$T" "$OUT/conformance"
part 60 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix (hybrid|counting)\)' bash scripts/device-run.sh "$T" "$OUT/sanitize"
BUILDS="base=$M stop=$S"
alternate 40 skewed --algo radix,cub-radix --type u32 --dist entropy-0.201,zipf --n 2^22,6e6,1e7,1e8 --reps 10 -q
alternate 40 uniform --algo radix,cub-radix --type u32,u64 --n 2^22,1e7,1e8 --reps 10 -q
grep -E "^=== |^rc=" "$L" | cut -c1-140
grep -hE "PASSED|FAILED|ERROR SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitize/device.log | sort | uniq -c
