#!/usr/bin/env bash
# Session 47, round 4 (about 6 min). `perwarp` (perwarp.patch): the any-order MSD passes of keys alone rank a warp by
# its keys' places (the counting atomics' returns) only in full tiles and only where the warp's first row holds no
# digit more than 3 times (rank_by_places: one match.any and a max a warp a tile); sorted rows and few distinct keys
# keep the stable ranking (round 3: places cost them up to 32 rounds of same-address atomics). Parts test alone and
# under the three sanitizers; conformance of the hybrid path forced from n = 2 (default portions and portions of one
# tile); memcheck, synccheck, racecheck over the forced path; then main (96eb7d0) / perwarp alternated twice with
# cub-radix in every run, every case validated. Carry .carry/{main,perwarp}.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
P=$(unpack .carry/perwarp.tar.xz)
part 30 "$P/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
for tool in memcheck racecheck synccheck; do
  part 60 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$P/tests/radix/gsb_radix_parts_tests" \
    --gtest_brief=1 '--gtest_filter=*TileRank*'
done
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none'
part 60 env GSB_RADIX_HYBRID_MIN_N=2 "$P/tests/gsb_conformance" --gtest_brief=1 "$F"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 "$P/tests/gsb_conformance" --gtest_brief=1 "$F"
S='--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none:*/radix_u64_none:*/radix_f64_none'
for tool in memcheck synccheck; do
  part 40 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=20000 GSB_RADIX_HYBRID_MIN_N=2 \
    compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$P/tests/gsb_conformance" --gtest_brief=1 "$S"
done
part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=16000 GSB_RADIX_HYBRID_MIN_N=2 \
  compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$P/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_none:*/radix_u64_none'
BUILDS="main=$M perwarp=$P"
alternate 40 uni --algo radix,cub-radix --type u32,i32,f32,u64 --values none --n 1e7,1e8,2^28 --reps 5 -q
alternate 30 dist --algo radix,cub-radix --type u32,u64 --values none --n 1e8 \
  --dist sorted,reverse,nearly-sorted,few-unique,all-equal --reps 5 -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -40
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -40
