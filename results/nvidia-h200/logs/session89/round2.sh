#!/usr/bin/env bash
# Session 89 round 2, H200 (issue 19): `land` = be08a25's code (CUDAARCHS=90-real); `pack1` = land + the one-block
# path's 1- and 2-byte keys with values sorting words of key over input position (small.cuh), every shape, u64 values
# off the wide shape; `pack2` = the landing form: packed only where the block sort takes two rounds or more, the wide
# shape kept. Checks of pack2 (conformance of u8/u16 keys, the three sanitizers at the shapes' edges), the three
# builds alternated twice at small n, then the grid's small cells of u8/u16 pairs from pack2.
set -u
source scripts/device-round.sh
L1=$(unpack .carry/fix.tar.xz)
P1=$(unpack .carry/pack1.tar.xz)
P=$(unpack .carry/pack2.tar.xz)
part 90 "$P/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u8_*:*/radix_u16_*"
for tool in memcheck racecheck synccheck; do
  part 60 compute-sanitizer --tool $tool --error-exitcode 9 "$P/gpusort-bench" --algo radix --type u8,u16 \
    --values u32,u64 --order asc,desc --dist uniform,few-unique --n 2,100,1025,2048,2304,3000,4864,7680,10240 \
    --warmup 0 --reps 1 -q --json "$OUT/pack2-$tool.json"
done
BUILDS="land=$L1 pack1=$P1 pack2=$P"
alternate 40 small --algo radix,cub-radix --type u8,u16 --values u32,u64 --dist uniform,zipf \
  --n 100,1000,1025,2049,2304,3000,4864,7680,1e4 --reps 30 --warmup 5 -q
part 60 "$P/gpusort-bench" --algo radix,cub-radix --type u8,u16 --values u32,u64 --n 1,100,1e3,4864,1e4 \
  --reps 20 --warmup 3 -q --json "$OUT/radix-grid.s89-small.json"
summary radix cub-radix small-
