#!/usr/bin/env bash
# Session 48, round 4 (about 4 min). `fold`: the 16-bit histogram also sums its counts per top-8-bit bucket as it
# writes them (a warp's sum and one atomic a word row), so top_counts_kernel is gone (round 1's ncu: 3.0 us at 1e7,
# and a launch). `head` (c98046b): round 3's `new` with 2-byte keys' histogram no longer held to 48 registers (u16 at
# 1e7 took 63.7 us there against 59.6 on main). Checks of fold: parts test, the forced path's conformance with u16,
# the sanitizers over it; ncu's kernel times of head and fold at 1e7; then main / head / fold alternated twice with
# cub-radix in every run. Carry .carry/{main,head,fold}.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
H=$(unpack .carry/head.tar.xz)
FO=$(unpack .carry/fold.tar.xz)
part 20 "$FO/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none:*/radix_u16_*'
part 45 env GSB_RADIX_HYBRID_MIN_N=2 "$FO/tests/gsb_conformance" --gtest_brief=1 "$F"
S='--gtest_filter=*/radix_u32_none:*/radix_f32_none:*/radix_u64_none:*/radix_u16_none:*/radix_u16_u32'
for tool in memcheck synccheck; do
  part 30 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=20000 GSB_RADIX_HYBRID_MIN_N=2 \
    compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$FO/tests/gsb_conformance" --gtest_brief=1 "$S"
done
part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=10000 GSB_RADIX_HYBRID_MIN_N=2 \
  compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$FO/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_none:*/radix_u16_none'
for b in "$H" "$FO"; do
  part 25 ncu --metrics gpu__time_duration.sum --csv --print-units base "$b/gpusort-bench" --algo radix --type u32 \
    --n 1e7 --reps 1 --warmup 0 --validate none -q
done
BUILDS="main=$M head=$H fold=$FO"
alternate 30 uni --algo radix,cub-radix --type u32,i32,f32,u64 --values none --n 1e7,2^24,1e8 --reps 10 -q
alternate 15 u16 --algo radix,cub-radix --type u16 --values none --n 1e7,1e8 --reps 10 -q
alternate 20 skew --algo radix,cub-radix --type u32 --values none --n 1e7 --dist sorted,entropy-0.811,zipf --reps 10 -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -40
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -40
