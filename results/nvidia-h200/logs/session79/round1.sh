#!/usr/bin/env bash
# Planned in session 78 for the next session's first device call (issue 19; not run): four-way merge passes for pairs
# with 1- or 2-byte keys. `xs2` = main + logs/session78/xs2.patch (8eba9cd, measured in session 78 round 7, plus a
# threshold: pairs of 5 or 6 bytes from 2 waves, since u8+u32 and u16+u32 lost 2-2.4 % at 1.55 waves and gained 6.5 %
# at 3.1; the others from 0.6 as landed). Round 7 found conformance and memcheck clean; its racecheck did not finish in
# 20 s and synccheck was not run: both here with time. Then the committed files that hold such pairs.
# Build (CUDAARCHS=90-real, scripts/pack-build.sh build/h200 xs2); run from the repository root with LIMIT and OUT as
# device-round.sh says; carry .carry/.
set -u
source scripts/device-round.sh
X=$(unpack .carry/xs2.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 30 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 env GSB_MERGE_SAMPLES_QUAD=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck; do
  part 40 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool $tool --error-exitcode 9 \
    "$X/gpusort-bench" --algo merge-samples --type u8,u16 --values u32,u64 --order asc,desc \
    --dist uniform,few-unique,zipf --n 2,70000,300000,1000003 --warmup 0 --reps 1 -q --json "$OUT/$tool.json"
done
part 120 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool racecheck --error-exitcode 9 \
  "$X/gpusort-bench" --algo merge-samples --type u8,u16 --values u32,u64 --n 70000 --warmup 0 --reps 1 -q \
  --json "$OUT/racecheck.json"
knob() { if [ "$1" = auto ]; then echo "env -u GSB_MERGE_SAMPLES_QUAD"; else echo "env GSB_MERGE_SAMPLES_QUAD=$1"; fi; }
for round in a b; do
  for mode in 0 auto; do
    part 30 $(knob $mode) "$X/gpusort-bench" --algo merge-samples,cub-merge --type u8,u16 --values u32,u64 \
      --n 2^20,2^21,2^22,2^23,1e8 --reps 5 --warmup 1 -q --json "$OUT/t-$mode-$round.json"
  done
done
mkdir -p "$OUT/json"
part 40 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^23,2^24,2^25,2^26 \
  --reps 10 --json "$OUT/json/merge-mid.json" -q
part 120 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8,f32 --values none,u32,u64 \
  --n 1,100,1e3,4864,1e4,2^16,2^18,2^20,2^21,2^22 --reps 20 --warmup 3 --json "$OUT/json/merge-small-n.json" -q
summary merge-samples cub-merge t
summary merge-samples cub-merge merge
