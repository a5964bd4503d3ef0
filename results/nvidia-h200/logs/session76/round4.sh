#!/usr/bin/env bash
# Session 76 round 4, on an H200 (issue 19). Builds: round 3's quad4 (4 lanes a tile start) with four-way passes where
# the binary merge blocks would come in 3 waves or more (quad_min_waves; the partition kernel's 7 before), as `pf4`
# (each group prefetching its windows' first 16 lines into L2 before its searches) and `np4` (no prefetch).
# Parts: (1) pf4's conformance of merge-samples as it falls, with GSB_MERGE_SAMPLES_QUAD=1, with QUAD=1 and the large
# tiles; memcheck, synccheck and racecheck with both forced; (2) pf4 and np4 in turn, twice: u8, u32, u64 keys alone
# 2^23 .. 1e8, cub-merge in the same runs; (3) ncu of pf4's four-way kernels at 1e8 u32 keys; (4) pf4 re-runs the
# committed merge files its change touches with their commands (merge-mid.json, merge-types-1e8.json, merge.json).
set -u
source scripts/device-round.sh
A=$(unpack .carry/pf4.tar.xz)
B=$(unpack .carry/np4.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 40 "$A/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_MERGE_SAMPLES_QUAD=1 "$A/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 "$A/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck; do
  part 40 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool $tool --error-exitcode 9 \
    "$A/gpusort-bench" --algo merge-samples --type u8,u16,u32,u64 --values none --order asc,desc \
    --dist uniform,few-unique,zipf --n 2,70000,300000,1000003 --warmup 0 --reps 1 -q --json "$OUT/$tool.json"
done
part 60 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool racecheck --error-exitcode 9 \
  "$A/gpusort-bench" --algo merge-samples --type u32,u64 --values none --n 70000,300000 --warmup 0 --reps 1 -q \
  --json "$OUT/racecheck.json"
BUILDS="pf4=$A np4=$B" alternate 40 t --algo merge-samples,cub-merge --type u8,u32,u64 --values none \
  --n 2^23,2^24,2^25,2^26,1e8 --reps 5 --warmup 1 -q
part 40 ncu --clock-control none --metrics gpu__time_duration.sum -k regex:quad "$A/gpusort-bench" \
  --algo merge-samples --type u32 --values none --n 1e8 --reps 1 --warmup 0 -q --json "$OUT/ncu.json"
mkdir -p "$OUT/json"
part 60 "$A/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^23,2^24,2^25,2^26 \
  --reps 10 --json "$OUT/json/merge-mid.json" -q
part 110 "$A/gpusort-bench" --algo merge-samples,cub-merge --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --n 1e8 --reps 5 --json "$OUT/json/merge-types-1e8.json" -q
part 100 "$A/gpusort-bench" --reps 5 --warmup 2 --json "$OUT/json/merge.json" --algo \
  merge-recursive,merge-cdp,merge-iterative,merge-samples,cub-merge,thrust --type u32 --values none,u32 \
  --n 2^20,2^24,1e8 --dist uniform,entropy-0.201
summary merge-samples cub-merge t-
