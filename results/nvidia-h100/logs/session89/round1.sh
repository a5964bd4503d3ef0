#!/usr/bin/env bash
# Session 89, H100 (issue 19): `land` = be08a25's code, `pack` = land + small.cuh's small_packs (as round 1 of the
# H200). Checks of pack (conformance of u8/u16 keys, memcheck at the shapes' edges), land and pack alternated twice at
# small n, the grid's small cells of u8/u16 pairs from pack, then the H100 grid's last cell: f64 keys alone at
# 2^32+17 (land, validated, 5 repetitions).
set -u
source scripts/device-round.sh
L1=$(unpack .carry/fix.tar.xz)
P=$(unpack .carry/pack1.tar.xz)
part 80 "$P/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u8_*:*/radix_u16_*"
part 50 compute-sanitizer --tool memcheck --error-exitcode 9 "$P/gpusort-bench" --algo radix --type u8,u16 \
  --values u32,u64 --order asc,desc --dist uniform,few-unique --n 2,100,2048,3000,4864,7680,10240 --warmup 0 \
  --reps 1 -q --json "$OUT/pack-memcheck.json"
BUILDS="land=$L1 pack=$P"
alternate 30 small --algo radix,cub-radix --type u8,u16 --values u32,u64 --dist uniform,zipf \
  --n 100,1000,1025,2049,2304,3000,4864,7680,1e4 --reps 30 --warmup 5 -q
part 45 "$P/gpusort-bench" --algo radix,cub-radix --type u8,u16 --values u32,u64 --n 1,100,1e3,4864,1e4 \
  --reps 20 --warmup 3 -q --json "$OUT/radix-grid.s89-small.json"
part 250 env GSB_TOOL="$L1/gpusort-bench" scripts/sweep.sh --parts radix-grid --reps 5 --no-plot --out "$OUT/grid" \
  --grid-runs xl --grid-xl-types f64 --grid-xl-values none
summary radix cub-radix small-
