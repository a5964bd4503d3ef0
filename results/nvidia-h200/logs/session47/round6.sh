#!/usr/bin/env bash
# Session 47, round 6 (about 6 min): the landed build (f6ab948). The sample's rows of few digits are now more than 3
# keys with the same top 8 bits or 2 with the same top 16 (round 5: the top 8 bits or the next 8 alone, more than 3).
# Parts test (with the sample's marks: uniform, sorted, a constant second digit, 64 and 1000 distinct keys); forced-path
# conformance (default and one-tile portions); memcheck, synccheck, racecheck over the forced path; main (96eb7d0) /
# final alternated twice with cub-radix in every run; then, from final alone, the grid's keys-alone rows of every 4-
# and 8-byte key type (10 repetitions, 2 warm-ups) and 4-byte keys alone at 2^29, 7.5e8, 1e9 (5 repetitions).
# Carry .carry/{main,final}.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
V=$(unpack .carry/final.tar.xz)
part 30 "$V/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none'
part 60 env GSB_RADIX_HYBRID_MIN_N=2 "$V/tests/gsb_conformance" --gtest_brief=1 "$F"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 "$V/tests/gsb_conformance" --gtest_brief=1 "$F"
S='--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none:*/radix_u64_none:*/radix_f64_none'
for tool in memcheck synccheck; do
  part 40 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=20000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
    compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$V/tests/gsb_conformance" --gtest_brief=1 "$S"
done
part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=10000 GSB_RADIX_HYBRID_MIN_N=2 \
  compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$V/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_none'
part 30 compute-sanitizer --tool memcheck --error-exitcode 99 --print-limit 20 "$V/tests/radix/gsb_radix_parts_tests" \
  --gtest_brief=1 '--gtest_filter=*Sample*:*TileRank*'
BUILDS="main=$M final=$V"
alternate 25 uni --algo radix,cub-radix --type u32,u64 --values none --n 1e8,2^28 --reps 5 -q
alternate 25 dist --algo radix,cub-radix --type u32,u64 --values none --n 1e8 --dist sorted,few-unique,reverse --reps 5 -q
part 120 "$V/gpusort-bench" --reps 10 --warmup 2 --algo radix,cub-radix --type u32,i32,f32,u64,i64,f64 --values none \
  --n 1e6,1e7,2^24,1e8,2^27,2^28 --dist uniform --order asc --json "$OUT/radix-grid.s47-keys.json"
part 120 "$V/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values none --n 2^29,7.5e8,1e9 --reps 5 -q \
  --json "$OUT/big-keys.json"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -40
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -40
