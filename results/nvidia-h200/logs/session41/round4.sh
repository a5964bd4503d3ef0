#!/usr/bin/env bash
# Session 41, fourth call (about 6 min): the dependent launches of round 3, their remaining checks and the grid.
#  1. conformance of radix and radix-lsd with the passes in portions of 5 tiles (GSB_RADIX_PORTION_N=38400: dependent
#     launches between portions, a bank cleared every 7 launches and the launch after it an ordinary one), unsanitized
#     so that the dependents do overlap;
#  2. racecheck over the LSD passes in portions of one tile (round 3's ran past its 60 s at sizes to 40000): u64+u64
#     and u16+u32, the first sizes past their one-block path, to 12000;
#  3. the grid's columns the one-block shapes and the dependent launches touch (4864, 1e4, 1e5, 1e6, 1e7, 2^24), the
#     sweep's radix-grid flags, every type x none/u32/u64;
#  4. ncu's sections of the two one-block kernels at 4864 u32 keys (radix 14.8-15.2 us against cub-radix's 14.6-14.7
#     in round 3, the same block sort and shape).
# Carry .carry/main.tar.xz (packed by scripts/pack-build.sh build/release main).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 90 env GSB_RADIX_PORTION_N=38400 "$M/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_*"
part 150 env GSB_RADIX_PORTION_N=1 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=12000 compute-sanitizer \
  --tool racecheck --error-exitcode 99 --print-limit 20 "$M/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=*/radix_lsd_u64_u64:*/radix_lsd_u16_u32"
part 120 "$M/gpusort-bench" --reps 10 --warmup 2 --json "$OUT/radix-grid.small-n.json" --algo radix,cub-radix \
  --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 --n 4864,1e4,1e5,1e6,1e7,2^24 --dist uniform --order asc -q
part 60 ncu --section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats \
  --section InstructionStats --section SchedulerStats "$M/gpusort-bench" --algo radix,cub-radix --type u32 --n 4864 \
  --reps 1 --warmup 0 --validate none -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | cut -c1-160 | tail -30
