#!/usr/bin/env bash
# Planned in session 79 for a later session's device call (issue 19; not run): two tries at the 4-byte pairs' bucket
# sort at 1e8 .. 2^28, which session 79 round 3 found bound by its shared-memory wavefronts (radix NOTES round 61).
#   slot = main + logs/session79/slot.patch: each carried word holds its place in its digit's run (the counting atomic's
#          old value) over its low half, so that the two-buffer kernel places it without a second atomic and ranks it
#          in [start d, start d + 1) (ptxas 13.0 sm_90: 40 / 40 / 49 registers at 128 / 256 / 512 threads, 40 / 40 / 48
#          before; no spills). A run past 32 keys turns the words back to positions for the stable rounds.
#   d11  = main + logs/session79/d11.patch: 256-thread blocks count 11 digit bits (12 now): half the counts to clear and
#          scan a bucket, runs twice as long (40 / 40 / 48 registers, unchanged).
# Build each here (CUDAARCHS=90-real cmake --preset release -B build/h200 -DGSB_BUILD_TOOLS=OFF, then git apply the
# patch, cmake --build build/h200 --target gpusort-bench gsb_conformance, scripts/pack-build.sh build/h200 NAME, git
# checkout the tree back): base, slot, d11. Run from the repository root with LIMIT and OUT as device-round.sh says;
# carry .carry/. Every part validates.
set -u
source scripts/device-round.sh
B0=$(unpack .carry/base.tar.xz)
S=$(unpack .carry/slot.tar.xz)
D=$(unpack .carry/d11.tar.xz)
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
for X in "$S" "$D"; do
  for th in 128 256 512; do
    part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$th "$X/tests/gsb_conformance" --gtest_brief=1 "$P"
  done
  # runs past 32 keys (skewed buckets kept on the path) take the stable rounds
  part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=256 GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
    GSB_RADIX_LARGE_BUCKETS_BY=passes "$X/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 --n 3e6 \
    --dist uniform,sorted,zipf,few-unique,all-equal,entropy-0.811,entropy-0.201 --order asc,desc --reps 1 --warmup 0 -q
  for tool in memcheck synccheck racecheck; do
    part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=256 compute-sanitizer --tool $tool --error-exitcode 9 \
      "$X/gpusort-bench" --algo radix --type u32 --values u32 --n 3000 --dist uniform,few-unique,entropy-0.201 \
      --reps 1 --warmup 0 -q
  done
done
BUILDS="base=$B0 slot=$S d11=$D"
alternate 45 t --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 1e8,2^27,2^28 --reps 5 --warmup 1 -q
summary radix cub-radix t
