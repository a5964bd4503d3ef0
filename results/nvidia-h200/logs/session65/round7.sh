#!/usr/bin/env bash
# Session 65, round 7: the checks of `land` (the 4-byte pairs' hybrid passes at 256 x 24, 3 blocks an SM, their values
# through shared memory: pass.cuh's shared values and policy.cuh's row, rounds 4-6). Every forced hybrid conformance
# part; the radix back-ends' conformance; memcheck, racecheck (u32+u32 added to its filter) and synccheck of the forced
# hybrid path, its buckets past a block and its full tiles of one digit.
set -u
source scripts/device-round.sh
T=.carry/land.tar.xz
part 150 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh "$T" "$OUT/conformance"
part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_CONFORMANCE_FILTER='*radix*' GSB_PARTS='^conformance \(GPU\)$' \
  bash .carry/device-run.sh "$T" "$OUT/conformance-radix"
part 200 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_PART_TIMEOUT=100 \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, buckets past a block|, full tiles of one digit)?\)$' \
  bash .carry/device-run.sh "$T" "$OUT/sanitizer"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance*/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
