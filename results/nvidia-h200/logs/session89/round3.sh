#!/usr/bin/env bash
# Session 89 round 3 (issue 19): `land` = be08a25's code (CUDAARCHS=90-real); `pack3` = the landed form of small.cuh's
# small_packs (2-byte keys with values wherever their block sort takes two rounds or more; 1-byte keys only with
# 8-byte values in blocks of 256 threads or more). Checks of pack3 (conformance of u8/u16 keys, the three sanitizers
# at the shapes' edges), land and pack3 alternated twice at small n, the grid's small cells of u8/u16 pairs from pack3.
set -u
source scripts/device-round.sh
L1=$(unpack .carry/fix.tar.xz)
P=$(unpack .carry/pack3.tar.xz)
part 90 "$P/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u8_*:*/radix_u16_*"
for tool in memcheck racecheck synccheck; do
  part 60 compute-sanitizer --tool $tool --error-exitcode 9 "$P/gpusort-bench" --algo radix --type u8,u16 \
    --values u32,u64 --order asc,desc --dist uniform,few-unique --n 2,100,1025,2048,2304,3000,4864,7680,10240 \
    --warmup 0 --reps 1 -q --json "$OUT/pack3-$tool.json"
done
BUILDS="land=$L1 pack3=$P"
alternate 40 small --algo radix,cub-radix --type u8,u16 --values u32,u64 --dist uniform,zipf \
  --n 100,1000,1025,2049,2304,3000,4864,7680,1e4 --reps 30 --warmup 5 -q
part 60 "$P/gpusort-bench" --algo radix,cub-radix --type u8,u16 --values u32,u64 --n 1,100,1e3,4864,1e4 \
  --reps 20 --warmup 3 -q --json "$OUT/radix-grid.s89-small.json"
summary radix cub-radix radix-grid
