#!/usr/bin/env bash
# Session 81, round 3: warps take 4-byte pairs' buckets to 384 keys, 128-thread blocks past that (land) against main
# (base = d64e968, warps to 768): in turn, twice, cub-radix in every run; skewed pairs the same way; land's grid of
# 4-byte pairs validated; its conformance as it falls and its sanitizer runs where blocks now take the buckets.
set -u
source scripts/device-round.sh
B0=$(unpack .carry/base.tar.xz)
L1=$(unpack .carry/land.tar.xz)
BUILDS="base=$B0 land=$L1"
alternate 40 t --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^24,2e7,2.3e7,2.6e7,3e7,3.5e7,4e7 \
  --reps 10 --warmup 2 --validate none -q
alternate 40 s --algo radix,cub-radix --type u32,f32 --values u32 --n 2.6e7,3.5e7 \
  --dist sorted,zipf,few-unique,entropy-0.811,entropy-0.201 --reps 5 --warmup 1 --validate none -q
part 90 "$L1/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 \
  --n 2^22,6e6,1e7,2^24,2e7,2.3e7,2.6e7,3e7,3.5e7,4e7,5e7,8e7 --reps 5 --warmup 1 -q \
  --json "$OUT/radix-grid.s81-pairs.json"
part 40 "$L1/gpusort-bench" --algo radix --type u32,f32 --values u32 --n 2.6e7,3.5e7 \
  --dist sorted,zipf,few-unique,entropy-0.811,entropy-0.201 --reps 1 --warmup 0 -q --json "$OUT/check-skew.json"
part 60 "$L1/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_*_u32"
for tool in memcheck synccheck; do
  part 40 compute-sanitizer --tool $tool --error-exitcode 9 "$L1/gpusort-bench" --algo radix --type u32,f32 \
    --values u32 --n 2.6e7 --reps 1 --warmup 0 -q
done
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=128 compute-sanitizer --tool racecheck --error-exitcode 9 \
  "$L1/gpusort-bench" --algo radix --type u32,f32 --values u32 --n 3000,70000,1e6 --reps 1 --warmup 0 -q
