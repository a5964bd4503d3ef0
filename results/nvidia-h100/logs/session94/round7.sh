#!/usr/bin/env bash
# Session 94, round 7 (any H100 or H200; issue 19): the radix parts tests of the segment sort -- the segment
# histogram's verdicts and each form's kernel over buckets of 0 .. capacity pairs (random low bits, 6 distinct keys,
# one key) -- from .carry/s94b.tar.xz (build/release of 56341f8's tests, the landed radix code), and under memcheck
# and racecheck.
set -u
LIMIT=${LIMIT:-120}
. scripts/device-round.sh
B=$(unpack .carry/s94b.tar.xz)
part 20 "$B/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 "--gtest_filter=*Segment*"
part 30 compute-sanitizer --tool memcheck --error-exitcode 9 "$B/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 \
  "--gtest_filter=*SegmentSort*"
part 50 compute-sanitizer --tool racecheck --error-exitcode 9 "$B/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 \
  "--gtest_filter=*SegmentSort*"
