#!/usr/bin/env bash
# Session 77 round 1, on an H200 (issue 19): the four-way passes sampling every 1024 keys (session 76 round 7's lead),
# landing build `land` (74667fe with quad_stride 1024, CUDAARCHS=90-real). merge-samples' conformance as it falls, with
# the four-way passes forced, forced with the large tiles; memcheck, synccheck and racecheck of them forced; ncu of the
# four-way kernels at 1e8 u32 keys; the committed merge files with their commands (merge-mid.json,
# merge-types-1e8.json, merge.json). The sm80 band through compute_80 PTX (`sm80`, GSB_ARCH=80): conformance forced,
# memcheck. Diagnostics: ncu per kernel of 8-byte keys with u32 values and 4-byte keys with u64 values
# (merge-samples and cub-merge, 1e8); stride 512 (`s512`) against `land`, in turn, twice.
set -u
source scripts/device-round.sh
X=$(unpack .carry/land.tar.xz)
S=$(unpack .carry/s512.tar.xz)
A=$(unpack .carry/sm80.tar.xz)
F="--gtest_filter=*/merge_samples_*"
Q="env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1"
part 30 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 env GSB_MERGE_SAMPLES_QUAD=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 $Q "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck; do
  part 20 $Q compute-sanitizer --tool $tool --error-exitcode 9 \
    "$X/gpusort-bench" --algo merge-samples --type u8,u16,u32,f32 --values none --order asc,desc \
    --dist uniform,few-unique,zipf --n 2,70000,300000,1000003 --warmup 0 --reps 1 -q --json "$OUT/$tool.json"
done
part 20 $Q compute-sanitizer --tool racecheck --error-exitcode 9 \
  "$X/gpusort-bench" --algo merge-samples --type u8,u32 --values none --n 70000,300000 --warmup 0 --reps 1 -q \
  --json "$OUT/racecheck.json"
part 60 env GSB_ARCH=80 $Q "$A/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 env GSB_ARCH=80 $Q compute-sanitizer --tool memcheck --error-exitcode 9 "$A/gpusort-bench" \
  --algo merge-samples --type u8,u32 --values none --order asc,desc --dist uniform,zipf --n 2,70000,300000 \
  --warmup 0 --reps 1 -q --json "$OUT/sm80-memcheck.json"
part 20 ncu --clock-control none --metrics gpu__time_duration.sum -k regex:quad "$X/gpusort-bench" \
  --algo merge-samples --type u32 --values none --n 1e8 --reps 1 --warmup 0 -q --json "$OUT/ncu.json"
for t in u64:u32 u32:u64 u64:u64; do  # where the pairs' time goes (u64+u32 0.98x, u32+u64 0.99x at 1e8)
  part 30 ncu --clock-control none --metrics gpu__time_duration.sum --print-summary per-kernel "$X/gpusort-bench" \
    --algo merge-samples,cub-merge --type ${t%:*} --values ${t#*:} --n 1e8 --reps 1 --warmup 0 -q \
    --json "$OUT/ncu-${t%:*}-${t#*:}.json"
done
BUILDS="s1024=$X s512=$S" alternate 20 t --algo merge-samples,cub-merge --type u32,u8 --values none \
  --n 2^24,2^26,1e8 --reps 5 --warmup 1 -q
mkdir -p "$OUT/json"
part 40 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^23,2^24,2^25,2^26 \
  --reps 10 --json "$OUT/json/merge-mid.json" -q
part 90 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --n 1e8 --reps 5 --json "$OUT/json/merge-types-1e8.json" -q
part 80 "$X/gpusort-bench" --reps 5 --warmup 2 --json "$OUT/json/merge.json" --algo \
  merge-recursive,merge-cdp,merge-iterative,merge-samples,cub-merge,thrust --type u32 --values none,u32 \
  --n 2^20,2^24,1e8 --dist uniform,entropy-0.201
summary merge-samples cub-merge
