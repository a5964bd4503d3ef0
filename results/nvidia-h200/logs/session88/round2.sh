#!/usr/bin/env bash
# Session 88 round 2 (issue 19, radix): 4-byte pairs' segmented digit passes (both MSD passes of the hybrid path, and
# the LSD passes it hands skewed pairs to) with more warps an SM. Round 1's profile (NOTES.md round 72): at 2^29 they
# wait on global loads (long scoreboard) at 24 warps an SM (256 x 24, 3 blocks, 80 registers, 72.7 KB). Builds, all
# CUDAARCHS=90-real, each the landed tree (5b475ac's code) but for hopper_hybrid_shape's u32+u32 row:
#   land    256 x 24 at 3 blocks (24 warps, tile 6144)
#   exp16   256 x 16 at 4 blocks (32 warps, tile 4096; ptxas 13.0: 63 registers, no spills; 52.2 KB)
#   exp17   256 x 17 at 4 blocks (32 warps, tile 4352; 64 registers, no spills; 54.8 KB)
#   exp384  384 x 12 at 3 blocks (36 warps, tile 4608; 56 registers, no spills; 61.4 KB)
# First the forced hybrid conformance and memcheck of each experiment, then the timings in turn, twice.
set -u
source scripts/device-round.sh
A=$(unpack .carry/land.tar.xz)
E16=$(unpack .carry/exp16.tar.xz)
E17=$(unpack .carry/exp17.tar.xz)
E384=$(unpack .carry/exp384.tar.xz)
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
for b in "$E16" "$E17" "$E384"; do
  part 30 env GSB_RADIX_HYBRID_MIN_N=2 "$b/tests/gsb_conformance" --gtest_brief=1 "$P"
  part 30 env GSB_RADIX_HYBRID_MIN_N=2 compute-sanitizer --tool memcheck --error-exitcode 9 "$b/gpusort-bench" \
    --algo radix --type u32 --values u32 --n 3000,70000 --dist uniform,zipf --order asc,desc --reps 1 --warmup 0 -q
done
BUILDS="land=$A exp16=$E16 exp17=$E17 exp384=$E384"
T=(--algo radix,cub-radix --type u32 --values u32 --validate none -q --warmup 1)
alternate 25 small "${T[@]}" --n 2^22,1e7,2^24,3e7,1e8 --reps 5
alternate 20 skew "${T[@]}" --n 1e8 --dist zipf,entropy-0.201 --reps 5
alternate 40 big "${T[@]}" --n 2^28,2^29 --reps 3
summary radix cub-radix
