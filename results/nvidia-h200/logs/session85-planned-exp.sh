#!/usr/bin/env bash
# Planned in session 84 (issue 19, radix; not run: no device machine was lent that session). One call, about 420 s,
# after session85-planned.sh. 4-byte pairs' 22-row in-place kernel carrying positions (one word a key: 61.5 KB a
# block with its 16-bit counts), held to three blocks an SM, where it keeps two carrying values
# (logs/session84/three-blocks.patch; ptxas 13.0 sm_90, u32+u32: 40 registers, no spills; the 24- and 32-row kernels
# as they are). The sweep of every buffer (4-26864 keys) moves sm90 5708-8264 keys from 512 threads with two buffers
# (32 warps) and 8268-11264 from the two-block 22-row kernel (32 warps) to it (48 warps): u32+u32 about 3.4e8-7e8.
# Round 69 (NOTES.md) found carrying cost 22 rows about 1 % at two blocks; in place lost 9 % to two buffers at equal
# warps at 4e8 (round 67). So: its forced conformance and sanitizers, then main and it in turn, twice, and the exp
# build's validated grid at 4e8 and 6e8.
# Build here: main's HEAD into build/h200 (CUDAARCHS=90-real), packed as land; HEAD with the patch (git worktree) into
# its own build, packed as exp (scripts/pack-build.sh BUILD exp).
set -u
source scripts/device-round.sh
A=$(unpack .carry/land.tar.xz)
B=$(unpack .carry/exp.tar.xz)
part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place "$B/tests/gsb_conformance" \
  --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
for tool in memcheck synccheck racecheck; do
  part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place compute-sanitizer --tool $tool \
    --error-exitcode 9 "$B/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,20000 \
    --dist uniform,few-unique --order asc,desc --reps 1 --warmup 0 -q
done
BUILDS="land=$A exp=$B"
alternate 75 t --algo radix,cub-radix --type u32 --values u32 --n 3.5e8,4e8,4.5e8,2^29,6e8,6.5e8,7e8 --reps 3 \
  --warmup 1 --validate none -q
part 100 "$B/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 4e8,6e8 --reps 3 --warmup 1 -q \
  --json "$OUT/grid-exp.json"
summary radix cub-radix t-
