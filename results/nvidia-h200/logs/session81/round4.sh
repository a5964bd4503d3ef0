#!/usr/bin/env bash
# Session 81, round 4: 128-thread blocks counting 8 digit bits for 4-byte pairs by runs (b8; bucket_place_runs takes
# two digits a thread) against 9 (land = d9e8681): as they fall from 2.3e7 (blocks from a largest bucket of 388 keys)
# to 8e7, and with 128-thread blocks forced at 2^24 and 2e7; in turn, twice; cub-radix in every run. Then b8 checked.
set -u
source scripts/device-round.sh
L1=$(unpack .carry/land.tar.xz)
B8=$(unpack .carry/b8.tar.xz)
BUILDS="land=$L1 b8=$B8"
alternate 40 t --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2.3e7,2.6e7,3e7,3.5e7,4e7,5e7,6e7,8e7 \
  --reps 10 --warmup 2 --validate none -q
export GSB_RADIX_BUCKET_THREADS=128
alternate 30 f --algo radix,cub-radix --type u32,f32 --values u32 --n 2^24,2e7 --reps 10 --warmup 2 --validate none -q
unset GSB_RADIX_BUCKET_THREADS
part 60 "$B8/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 --n 2.3e7,3e7,4e7,6e7,8e7 --reps 1 \
  --warmup 0 -q --json "$OUT/check-b8.json"
part 40 "$B8/gpusort-bench" --algo radix --type u32,f32 --values u32 --n 3e7 \
  --dist sorted,zipf,few-unique,entropy-0.811,entropy-0.201 --reps 1 --warmup 0 -q --json "$OUT/check-b8-skew.json"
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=128 "$B8/tests/gsb_conformance" --gtest_brief=1 "$P"
for tool in memcheck synccheck racecheck; do
  part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=128 compute-sanitizer --tool $tool \
    --error-exitcode 9 "$B8/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,70000 \
    --dist uniform,few-unique,entropy-0.201 --reps 1 --warmup 0 -q
done
