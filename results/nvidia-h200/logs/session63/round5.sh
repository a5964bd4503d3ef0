#!/usr/bin/env bash
# Session 63, round 5: the parts test's wrap test (u32 keys at 2^32+17 whose bits 16..23 alone vary: their top-8-bit
# count wraps to 17, the sample lets them through, each 16-bit bucket holds about 2^24) with the head's code
# (`land3`) and with the plan's count check taken out (`noguard`, the same test binary): it must pass with the check
# and fail without it. Round 4 ran an earlier form of the test (keys 0 and 0x10000, whose 2^31-key buckets the
# segmented passes' new bound already sent to the LSD passes).
set -u
source scripts/device-round.sh
A=$(unpack .carry/land3.tar.xz)
N=$(unpack .carry/noguard.tar.xz)
part 60 "$A/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
part 60 "$N/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 --gtest_filter='*Wrap*'
grep -E "^=== |^rc=|PASSED|FAILED|SKIPPED|Failure|Expected|Which is|out of order|added up|byte 255" "$L" | cut -c1-200
