#!/usr/bin/env bash
# Session 100, rounds 2 and 3 (issue 19) on an H200: round 1 (an H100) found the 22-row in-place kernel sorted by runs
# 4-5 % faster at 2^29-7e8 (landed) and the 32-row one 4-10 % slower at 8e8-1e9 (its ranks waiting on shared memory:
# short scoreboard 4.66 an issued instruction). It ran twice, on one machine, as the device time allowed:
# PARTS="parts conformance ab" AB_N=2^28,2^29 AB_S=35 LIMIT=220 (logs/session100/round2/), then PARTS="grid exp2"
# AB_N=8e8,1e9 LIMIT=200 (round3/); run whole, it is the next A/B of these builds. Three builds, each packed by
# scripts/pack-build.sh: `main` (.carry/s96p.tar.xz: main before round 90, ffdfcc8); `land` (.carry/land.tar.xz: main
# with round 90, the 22-row kernel by runs); `exp2` (.carry/exp2.tar.xz: ffdfcc8 with exp2.patch beside this script:
# both kernels by runs, four words of a run ranked at a time, the 32-row kernel at 13 run bits, its 32-bit count sets
# holding 8192 runs). land's and exp2's correctness first, then main and land in turn, twice, and exp2 once (1e8 and
# 2^28 too, where neither changed a kernel: the drift between builds), then land's grid cells validated. On an H200
# (kind nvidia-h200 with needs_h200); the same script serves an H100 (its logs under results/nvidia-h100/). PARTS
# names the parts to run (all by default); AB_N and AB_S the A/B's sizes and seconds a part.
set -u
LIMIT=${LIMIT:-560}
. scripts/device-round.sh
M=$(unpack .carry/s96p.tar.xz)
L2=$(unpack .carry/land.tar.xz)
E2=$(unpack .carry/exp2.tar.xz)
want() { [[ -z ${PARTS:-} || " $PARTS " == *" $1 "* ]]; }
if want parts; then
  for b in "$L2" "$E2"; do
    part 30 "$b/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
  done
  for tool in memcheck racecheck synccheck; do
    part 60 compute-sanitizer --tool $tool --error-exitcode 9 "$L2/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 \
      --gtest_filter=*InPlaceBuckets*
  done
fi
if want conformance; then
  for shape in 512-in-place 512-in-place-44; do
    part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$shape "$L2/tests/gsb_conformance" \
      --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
  done
fi
BUILDS="main=$M land=$L2"
AB=(--algo radix,cub-radix --type u32 --values u32 --n ${AB_N:-1e8,2^28,2^29,8e8,1e9} --reps 3 --warmup 1 --validate none -q)
! want ab || alternate ${AB_S:-55} t "${AB[@]}"
! want exp2 || part 55 "$E2/gpusort-bench" "${AB[@]}" --json "$OUT/t-exp2-a.json"
! want grid || part 70 "$L2/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^29,7e8 \
  --reps 3 --warmup 1 -q --json "$OUT/grid-land.json"
summary radix cub-radix t
