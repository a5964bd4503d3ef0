#!/usr/bin/env bash
# Session 78, round 7 (issue 19): four-way passes for pairs with 1- or 2-byte keys (`xs` = 8eba9cd, CUDAARCHS=90-real,
# logs/session78/xs.patch: quad_capable for every pair, their kernel at 3 blocks an SM). Checks of the forced passes,
# then GSB_MERGE_SAMPLES_QUAD=0 against the policy in one binary, in turn, twice; then the committed files that hold
# such pairs (merge-mid.json, merge-small-n.json) again with their commands. Cut to what the session's device time left.
# Run from the repository root with LIMIT and OUT as device-round.sh says; carry .carry/.
set -u
source scripts/device-round.sh
X=$(unpack .carry/xs.tar.xz)
part 30 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 "$X/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=*/merge_samples_*"
for tool in memcheck racecheck; do
  part 20 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool $tool --error-exitcode 9 \
    "$X/gpusort-bench" --algo merge-samples --type u8,u16 --values u32,u64 --order asc,desc --dist uniform,zipf \
    --n 2,70000,300000 --warmup 0 --reps 1 -q --json "$OUT/$tool.json"
done
knob() { if [ "$1" = auto ]; then echo "env -u GSB_MERGE_SAMPLES_QUAD"; else echo "env GSB_MERGE_SAMPLES_QUAD=$1"; fi; }
for round in a b; do
  for mode in 0 auto; do
    part 25 $(knob $mode) "$X/gpusort-bench" --algo merge-samples,cub-merge --type u8,u16 --values u32,u64 \
      --n 2^21,2^22,2^23,1e8 --reps 5 --warmup 1 -q --json "$OUT/t-$mode-$round.json"
  done
done
mkdir -p "$OUT/json"
part 25 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^23,2^24,2^25,2^26 \
  --reps 10 --json "$OUT/json/merge-mid.json" -q
part 25 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8,f32 --values none,u32,u64 \
  --n 1,100,1e3,4864,1e4,2^16,2^18,2^20,2^21,2^22 --reps 20 --warmup 3 --json "$OUT/json/merge-small-n.json" -q
summary merge-samples cub-merge t
summary merge-samples cub-merge merge
