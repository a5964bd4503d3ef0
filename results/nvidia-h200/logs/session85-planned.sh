#!/usr/bin/env bash
# Planned in session 84 (issue 19, radix; not run: no device machine was lent that session). One call, about 330 s.
# Session 83's planned check (session84-planned.sh) of the landed build -- main's HEAD, whose radix kernels are
# 0c45fcb's (session 84 changed no machine code of them: scripts/same-code) -- then u32+u32 from 2^22 to 7e8 timed
# (--validate none) beside cub-radix, to see where the whole curve stands. Then session85-planned-exp.sh.
# Build here with CUDAARCHS=90-real into build/h200, pack with scripts/pack-build.sh build/h200 land.
set -u
source scripts/device-round.sh
N=$(unpack .carry/land.tar.xz)
for rows in 24 44; do
  part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place-$rows "$N/tests/gsb_conformance" \
    --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
done
for tool in memcheck synccheck racecheck; do
  part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place-44 compute-sanitizer --tool $tool \
    --error-exitcode 9 "$N/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,20000 \
    --dist uniform,few-unique --order asc,desc --reps 1 --warmup 0 -q
done
part 150 "$N/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 7.7e8,8e8,1e9 --reps 3 \
  --warmup 1 -q --json "$OUT/grid-land.json"
part 150 "$N/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 --validate none --reps 3 --warmup 1 -q \
  --n 4194304,6e6,1e7,16777216,2e7,3e7,5e7,8e7,1e8,1.5e8,2e8,268435456,3e8,4e8,536870912,6e8,7e8 \
  --json "$OUT/sweep-land.json"
summary radix cub-radix
