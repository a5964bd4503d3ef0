#!/usr/bin/env bash
# Session 74 round 2, on an H200 (issue 19). Builds (from main at fc9cf8d):
#   old   fc9cf8d as it is
#   wide  + merge-samples holding 1- and 2-byte keys alone as words in registers and shared memory (Word)
#   p4    wide + the partition kernel searching each tile start with 4 lanes (GroupSearch<4>: 7 rounds of loads
#         in place of 15 dependent ones); p8 the same with 8 lanes (5 rounds)
# Parts: (1) conformance of merge-samples: wide as it falls and with its large tiles forced, wide / p4 / p8 with the
# large tiles and the partition kernel forced; (2) memcheck and synccheck of wide with both forced over u8, u16, u32
# keys alone and u8 with u32 values, racecheck of u8 and u16 keys alone; memcheck of p8 with both forced; (3) the
# four builds in turn, twice: u8, u16, u32 keys alone, 2^20 .. 1e8, cub-merge in the same runs.
# Build: CUDAARCHS=90-real cmake --preset release && cmake --build build/release; scripts/pack-build.sh build/release
# NAME for each. Run: LIMIT=575 bash <this>.
set -u
source scripts/device-round.sh
W=$(unpack .carry/wide.tar.xz)
O=$(unpack .carry/old.tar.xz)
P4=$(unpack .carry/p4.tar.xz)
P8=$(unpack .carry/p8.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 40 "$W/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_MERGE_SAMPLES_LARGE=1 "$W/tests/gsb_conformance" --gtest_brief=1 "$F"
for X in "$W" "$P4" "$P8"; do
  part 40 env GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_PRESPLIT=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
done
for tool in memcheck synccheck; do
  part 40 env GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_PRESPLIT=1 compute-sanitizer --tool $tool --error-exitcode 9 \
    "$W/gpusort-bench" --algo merge-samples --type u8,u16,u32 --values none --n 2,1000,70000,300000 --warmup 0 \
    --reps 1 -q --json "$OUT/$tool.json"
  part 30 env GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_PRESPLIT=1 compute-sanitizer --tool $tool --error-exitcode 9 \
    "$W/gpusort-bench" --algo merge-samples --type u8 --values u32 --n 2,70000 --warmup 0 --reps 1 -q \
    --json "$OUT/$tool-pairs.json"
done
part 70 env GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_PRESPLIT=1 compute-sanitizer --tool racecheck --error-exitcode 9 \
  "$W/gpusort-bench" --algo merge-samples --type u8,u16 --values none --n 2,70000 --warmup 0 --reps 1 -q \
  --json "$OUT/racecheck.json"
part 30 env GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_PRESPLIT=1 compute-sanitizer --tool memcheck --error-exitcode 9 \
  "$P8/gpusort-bench" --algo merge-samples --type u32,u64 --values none,u32 --n 2,70000,300000 --warmup 0 --reps 1 \
  -q --json "$OUT/memcheck-p8.json"
BUILDS="old=$O wide=$W p4=$P4 p8=$P8" alternate 30 t --algo merge-samples,cub-merge --type u8,u16,u32 --values none \
  --n 2^20,2^23,2^24,2^26,1e8 --reps 5 --warmup 1 -q
summary merge-samples cub-merge t-
