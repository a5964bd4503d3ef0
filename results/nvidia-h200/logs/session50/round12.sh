#!/usr/bin/env bash
# Session 50, round 12: the review mend (`main`, 7 lines of host code: the hybrid path's one memset now sized by its
# layout; the in-place shapes' bounds through one helper; PTX of the radix units identical to eefbcea's): the hybrid
# path's conformance forced from n = 2, with 1024-thread buckets, and its memcheck and synccheck.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 60 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
  GSB_PARTS='^conformance \(radix hybrid (path from|, 1024|, in-place buckets\))' bash scripts/device-run.sh "$M" "$OUT/conformance"
part 60 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix hybrid(\)|, 1024)' bash scripts/device-run.sh "$M" "$OUT/sanitize"
grep -E "^=== |^rc=" "$L" | cut -c1-140
grep -hE "^=== (conformance|compute)|PASSED|FAILED|ERROR SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitize/device.log
