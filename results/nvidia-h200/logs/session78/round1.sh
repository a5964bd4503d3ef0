#!/usr/bin/env bash
# Session 78, round 1 (issue 19), as planned in session 77 (logs/session78-planned.sh): the tile sort of 8-byte keys
# with values gathers the values by source index in shared memory (`sv` = main + logs/session77/sv.patch: the tile's
# values loaded there coalesced over the keys' and indices' space once they are read; before, each value was a 4- or
# 8-byte load scattered over the tile in global memory). ptxas 13.0 sm_90 (session 77): 103 registers as before, no
# spills; 4-byte keys' kernels unchanged; shared memory unchanged (the values fit the keys' and indices' space).
# ncu (session 77 round 1, 1e8): the u64+u32 tile sort 3.25 ms (cub-merge's block sort 3.31), u64+u64 3.37 (4.26):
# the 4-byte values cost as much as the 8-byte ones. u64+u32 is 1.094x cub-merge at 1e8, where 1.1x is asked.
# Builds (CUDAARCHS=90-real, scripts/pack-build.sh): `base` = main, `sv` = main + the patch.
# Run from the repository root with LIMIT and OUT as device-round.sh says; carry .carry/ with both builds.
set -u
source scripts/device-round.sh
X=$(unpack .carry/base.tar.xz)
V=$(unpack .carry/sv.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 30 "$V/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 env GSB_MERGE_SAMPLES_LARGE=1 "$V/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck; do
  part 30 env GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool $tool --error-exitcode 9 "$V/gpusort-bench" \
    --algo merge-samples --type u64,f64 --values u32,u64 --order asc,desc --dist uniform,zipf \
    --n 2,5000,70000,300000 --warmup 0 --reps 1 -q --json "$OUT/$tool.json"
done
part 30 env GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool racecheck --error-exitcode 9 "$V/gpusort-bench" \
  --algo merge-samples --type u64 --values u32,u64 --n 5000,70000 --warmup 0 --reps 1 -q --json "$OUT/racecheck.json"
BUILDS="base=$X sv=$V" alternate 40 t --algo merge-samples,cub-merge --type u64 --values u32,u64 \
  --n 2^22,2^25,1e8 --reps 5 --warmup 1 -q
summary merge-samples cub-merge t
BUILDS="base=$X sv=$V" alternate 30 s --algo merge-samples,cub-merge --type i64,f64 --values u32 --n 1e8 \
  --reps 5 --warmup 1 -q
summary merge-samples cub-merge s
