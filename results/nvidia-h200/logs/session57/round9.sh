#!/usr/bin/env bash
# Session 57, round 9: racecheck of the landed warp bucket kernel (round 8's racecheck of the forced hybrid path ran
# past its 110 s): the hybrid path forced from n = 2, its first pass in portions of one tile, u32 and i32 keys alone
# (sorting by runs and by rounds, the XOR decode) and u32 keys with u32 values, quick sizes up to 2000 keys.
set -u
source scripts/device-round.sh
F=$(unpack .carry/final.tar.xz)
part 280 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=2000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
  compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$F/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_u32_u32'
grep -E "^=== |^rc=|PASSED|FAILED|RACECHECK SUMMARY" "$L" | cut -c1-160
