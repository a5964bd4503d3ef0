#!/usr/bin/env bash
# Session 89, H100 round 2 (issue 19): the landed form of small.cuh's small_packs (`pack3`, c319bb1's code,
# CUDAARCHS=90-real) against `land` (be08a25's code) at small n, alternated twice, and the H100 grid's small cells of
# u8/u16 pairs from pack3.
set -u
source scripts/device-round.sh
L1=$(unpack .carry/fix.tar.xz)
P=$(unpack .carry/pack3.tar.xz)
part 80 "$P/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u8_*:*/radix_u16_*"
BUILDS="land=$L1 pack3=$P"
alternate 30 small --algo radix,cub-radix --type u8,u16 --values u32,u64 --dist uniform,zipf \
  --n 100,1000,1025,2049,2304,3000,4864,7680,1e4 --reps 30 --warmup 5 -q
part 45 "$P/gpusort-bench" --algo radix,cub-radix --type u8,u16 --values u32,u64 --n 1,100,1e3,4864,1e4 \
  --reps 20 --warmup 3 -q --json "$OUT/radix-grid.s89-small.json"
summary radix cub-radix radix-grid
