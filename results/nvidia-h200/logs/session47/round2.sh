#!/usr/bin/env bash
# Session 47, round 2 (about 8 min): the hybrid path's two MSD passes of keys alone ranked in any order (`anyorder`,
# anyorder.patch): each key's rank is the place its counting atomic hands out (count_tile_digits keeping WarpPlaces,
# placed_rank), not the ballots' stable rank (rank_in_warp): equal keys cannot be told apart and every bit below the
# digit is sorted afterwards. The pass-parts test (its new any-order check) alone and under compute-sanitizer;
# conformance of the hybrid path forced from n = 2 (every key type it sorts alone, and the pairs, whose kernels did not
# change), with portions of one tile (partial tiles: the padding's places); memcheck, synccheck, racecheck over the
# forced path; then main (96eb7d0) / anyorder alternated twice with cub-radix in every run, every case validated.
# Carry .carry/{main,anyorder}.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
A=$(unpack .carry/anyorder.tar.xz)
part 30 "$A/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
for tool in memcheck racecheck synccheck; do
  part 60 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$A/tests/radix/gsb_radix_parts_tests" \
    --gtest_brief=1 '--gtest_filter=*TileRank*'
done
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none'
part 60 env GSB_RADIX_HYBRID_MIN_N=2 "$A/tests/gsb_conformance" --gtest_brief=1 "$F"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 "$A/tests/gsb_conformance" --gtest_brief=1 "$F"
S='--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none:*/radix_u64_none:*/radix_f64_none'
for tool in memcheck synccheck; do
  part 40 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
    compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$A/tests/gsb_conformance" --gtest_brief=1 "$S"
done
part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=1200 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
  compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$A/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_none:*/radix_u64_none'
BUILDS="main=$M any=$A"
alternate 40 keys --algo radix,cub-radix --type u32,f32,u64 --values none --n 1e8,2^28 --reps 5 -q
alternate 25 small --algo radix,cub-radix --type u32,u64 --values none --n 1e6,1e7 --reps 5 -q
alternate 25 dist --algo radix,cub-radix --type u32,u64 --values none --n 1e8 --dist few-unique,sorted --reps 5 -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -40
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -40
