#!/usr/bin/env bash
# Session 76 round 5, on an H200 (issue 19): the landing build (`land`: round 4's np4 with the prefetch code removed and
# the four-way passes for 1- to 4-byte keys alone only; 8-byte keys keep the binary passes).
# Parts: (1) conformance of merge-samples as it falls, with GSB_MERGE_SAMPLES_QUAD=1, with QUAD=1 and the large tiles;
# memcheck, synccheck and racecheck with both forced; (2) ncu of the four-way kernels at 1e8 u32 keys; (3) the committed
# merge files its change touches, with their commands (merge-mid.json, merge-types-1e8.json, merge.json).
set -u
source scripts/device-round.sh
X=$(unpack .carry/land.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 40 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_MERGE_SAMPLES_QUAD=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck; do
  part 30 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool $tool --error-exitcode 9 \
    "$X/gpusort-bench" --algo merge-samples --type u8,u16,u32,f32 --values none --order asc,desc \
    --dist uniform,few-unique,zipf --n 2,70000,300000,1000003 --warmup 0 --reps 1 -q --json "$OUT/$tool.json"
done
part 40 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool racecheck --error-exitcode 9 \
  "$X/gpusort-bench" --algo merge-samples --type u8,u32 --values none --n 70000,300000 --warmup 0 --reps 1 -q \
  --json "$OUT/racecheck.json"
part 30 ncu --clock-control none --metrics gpu__time_duration.sum -k regex:quad "$X/gpusort-bench" \
  --algo merge-samples --type u32 --values none --n 1e8 --reps 1 --warmup 0 -q --json "$OUT/ncu.json"
mkdir -p "$OUT/json"
part 60 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^23,2^24,2^25,2^26 \
  --reps 10 --json "$OUT/json/merge-mid.json" -q
part 110 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --n 1e8 --reps 5 --json "$OUT/json/merge-types-1e8.json" -q
part 100 "$X/gpusort-bench" --reps 5 --warmup 2 --json "$OUT/json/merge.json" --algo \
  merge-recursive,merge-cdp,merge-iterative,merge-samples,cub-merge,thrust --type u32 --values none,u32 \
  --n 2^20,2^24,1e8 --dist uniform,entropy-0.201
summary merge-samples cub-merge
