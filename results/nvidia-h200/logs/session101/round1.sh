#!/usr/bin/env bash
# Session 101, round 1 (issue 19) on an H200: 4-byte pairs' buckets past the 22-row in-place kernel's 11264 keys
# (7.5e8-1e9 uniform u32+u32) in blocks of 768 threads x 22 rows, two an SM (48 warps), sorted by runs as the 22-row
# kernel does, where main takes the 24-row kernel (values carried, stable rounds, two blocks: 32 warps) and the 32-row
# one (positions carried, stable rounds, two blocks: 32 warps). Two builds packed by scripts/pack-build.sh: `land`
# (.carry/land.tar.xz: main since round 90, same machine code as acf4258) and `w768` (.carry/w768.tar.xz: the
# experiment, w768.patch beside this script; GSB_EXP_WIDE_PAIRS=0 turns it off, =force takes the 768-thread kernel
# for every in-place bucket that fits it). w768's correctness first (its parts tests, the new kernel under the three
# sanitizers, conformance with the kernel forced from n = 2), then land and w768 in turn, twice, then w768's cells
# validated. PARTS names the parts to run (all by default); AB_N and AB_S the A/B's sizes and seconds a part.
# It ran once, on an H100 (no H200 came; logs in results/nvidia-h100/logs/session101/round1/), as it is here; its
# first call stopped at the second unpack (the build's folder was named L, the log's variable). w768.patch was taken
# before GSB_EXP_WIDE_PAIRS=force was added (exp_wide_pairs returning 2 for it, and the launch taking the 768-thread
# kernel for 22 rows too when it does); the build that ran had it.
set -u
LIMIT=${LIMIT:-540}
. scripts/device-round.sh
LB=$(unpack .carry/land.tar.xz)
W=$(unpack .carry/w768.tar.xz)
want() { [[ -z ${PARTS:-} || " $PARTS " == *" $1 "* ]]; }
if want parts; then
  part 30 "$W/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
  for tool in memcheck racecheck synccheck; do
    part 60 compute-sanitizer --tool $tool --error-exitcode 9 "$W/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 \
      --gtest_filter=*InPlaceBuckets*
  done
fi
if want conformance; then
  F="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
  part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place GSB_EXP_WIDE_PAIRS=force \
    "$W/tests/gsb_conformance" --gtest_brief=1 "$F"
  part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place GSB_EXP_WIDE_PAIRS=force \
    compute-sanitizer --tool memcheck --error-exitcode 9 "$W/tests/gsb_conformance" --gtest_brief=1 \
    --gtest_filter=*/radix_u32_u32
fi
BUILDS="land=$LB w768=$W"
AB=(--algo radix,cub-radix --type u32 --values u32 --n ${AB_N:-7.5e8,8e8,1e9} --reps 3 --warmup 1 --validate none -q)
! want ab || alternate ${AB_S:-60} t "${AB[@]}"
! want grid || part 120 "$W/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 --n 7.5e8,1e9 \
  --reps 3 --warmup 1 -q --json "$OUT/grid-w768.json"
summary radix cub-radix t
