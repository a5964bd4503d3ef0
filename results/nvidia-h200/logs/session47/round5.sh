#!/usr/bin/env bash
# Session 47, round 5 (about 6 min). `verdict` (verdict.patch): round 2's any-order MSD passes of keys alone (each
# key ranked by its counting atomic's place; padding counted after the real keys), taken only where the skew sample,
# which now also reads one row of 32 consecutive keys a warp, found no more than 1/16 of its rows holding an MSD digit
# more than 3 times (sorted runs, few distinct keys take the stable passes as before; the host chooses the kernel when
# it reads the sample's mark). Round 4's per-warp choice in one kernel gained only a third of round 2's 120 us.
# Parts test, forced-path conformance (default and one-tile portions), the three sanitizers over the forced path; main
# (96eb7d0) / verdict alternated twice with cub-radix in every run; then the grid's keys-alone rows of every 4- and
# 8-byte key type from verdict (10 repetitions, 2 warm-ups, one run). Carry .carry/{main,verdict}.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
V=$(unpack .carry/verdict.tar.xz)
part 30 "$V/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none'
part 60 env GSB_RADIX_HYBRID_MIN_N=2 "$V/tests/gsb_conformance" --gtest_brief=1 "$F"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 "$V/tests/gsb_conformance" --gtest_brief=1 "$F"
S='--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none:*/radix_u64_none:*/radix_f64_none'
for tool in memcheck synccheck; do
  part 40 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=20000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
    compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$V/tests/gsb_conformance" --gtest_brief=1 "$S"
done
part 90 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=10000 GSB_RADIX_HYBRID_MIN_N=2 \
  compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$V/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_none'
BUILDS="main=$M verdict=$V"
alternate 40 uni --algo radix,cub-radix --type u32,f32,u64 --values none --n 1e7,1e8,2^28 --reps 5 -q
alternate 30 dist --algo radix,cub-radix --type u32,u64 --values none --n 1e8 \
  --dist sorted,nearly-sorted,few-unique,all-equal,entropy-0.811 --reps 5 -q
alternate 15 normal --algo radix,cub-radix --type f32,f64 --values none --n 1e8 --dist normal --reps 5 -q
part 150 "$V/gpusort-bench" --reps 10 --warmup 2 --algo radix,cub-radix --type u32,i32,f32,u64,i64,f64 --values none \
  --n 1e6,1e7,2^24,1e8,2^27,2^28 --dist uniform --order asc --json "$OUT/radix-grid.s47-keys.json"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -40
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -40
