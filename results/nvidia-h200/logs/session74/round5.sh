#!/usr/bin/env bash
# Session 74 round 5, on an H200 (issue 19): merge-samples' 8-byte keys in 512 x 16 tiles (8192 keys; 256 x 16 before)
# on sm90 and sm80, one merge pass fewer (u64+u32 at 1e8 0.965x cub-merge in round 3: 15 passes there). `t8` = main at
# 820c0f5 + that policy; `wide` = round 3's build (918c324's merge-samples). Parts: (1) merge-samples' conformance of
# t8 as it falls and with the large tiles forced; (2) memcheck and synccheck of t8 with the large tiles and the
# partition kernel forced over u64 keys alone and with u32 and u64 values, racecheck of u64 with u32 values; (3) wide
# and t8 in turn, twice: u64 keys × none/u32/u64 at 2^22 .. 1e8, cub-merge in the same runs.
# Build: CUDAARCHS=90-real cmake --preset release && cmake --build build/release; scripts/pack-build.sh build/release
# t8. Run: LIMIT=300 bash <this>.
set -u
source scripts/device-round.sh
T=$(unpack .carry/t8.tar.xz)
W=$(unpack .carry/wide.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 40 "$T/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_PRESPLIT=1 "$T/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck; do
  part 40 env GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_PRESPLIT=1 compute-sanitizer --tool $tool --error-exitcode 9 \
    "$T/gpusort-bench" --algo merge-samples --type u64 --values none,u32,u64 --n 2,1000,70000,300000 --warmup 0 \
    --reps 1 -q --json "$OUT/$tool.json"
done
part 60 env GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_PRESPLIT=1 compute-sanitizer --tool racecheck --error-exitcode 9 \
  "$T/gpusort-bench" --algo merge-samples --type u64 --values u32 --n 2,70000 --warmup 0 --reps 1 -q \
  --json "$OUT/racecheck.json"
BUILDS="wide=$W t8=$T" alternate 40 t --algo merge-samples,cub-merge --type u64 --values none,u32,u64 \
  --n 2^22,2^23,2^24,2^26,1e8 --reps 5 --warmup 1 -q
summary merge-samples cub-merge t-
