#!/usr/bin/env bash
# Session 63, round 6: the review mend (`final`: the pairs' list of buckets left moved last before the status rows,
# so that the sort's first kernel clears only its count, not its 65536 words; host code only, the kernels as round
# 3's). Every forced hybrid conformance part, memcheck and synccheck of the forced hybrid path, the pairs and the
# buckets past a block, the parts test (its wrap test).
set -u
source scripts/device-round.sh
T=.carry/final.tar.xz
part 110 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh "$T" "$OUT/conformance"
part 50 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, pairs of 1024-thread blocks.*|, buckets past a block)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh "$T" "$OUT/sanitizer"
M=$(unpack "$T")
part 40 "$M/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
grep -E "^=== |^rc=|PASSED|FAILED|SKIPPED" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
