#!/usr/bin/env bash
# Session 47, round 3 (about 4 min). Round 2's any-order MSD passes (`any`, anyorder.patch: each lane its own
# counting atomic, returns used) gained on uniform keys and lost on sorted and few distinct keys (same-address atomics
# with returns are served one lane at a time). `grouped` (grouped.patch): the lanes sharing lane 0's digit take their
# places with one atomic of lane 0 (WarpPlaces::take); ptxas 13.0 spills 208 bytes in that u32 kernel at its 56
# registers. Its parts test and forced-path conformance, memcheck over it; then main (96eb7d0) / any / grouped
# alternated twice with cub-radix in every run, every case validated. Carry .carry/{main,anyorder,grouped}.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
A=$(unpack .carry/anyorder.tar.xz)
G=$(unpack .carry/grouped.tar.xz)
part 30 "$G/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none'
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 "$G/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
  compute-sanitizer --tool memcheck --error-exitcode 99 --print-limit 20 "$G/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_none:*/radix_f32_none:*/radix_u64_none'
BUILDS="main=$M any=$A grouped=$G"
alternate 30 uni --algo radix,cub-radix --type u32,u64 --values none --n 1e8,2^28 --reps 5 -q
alternate 30 dist --algo radix,cub-radix --type u32,u64 --values none --n 1e8 --dist sorted,few-unique,all-equal,reverse \
  --reps 5 -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -40
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -40
