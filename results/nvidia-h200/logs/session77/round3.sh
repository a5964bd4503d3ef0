#!/usr/bin/env bash
# Session 77 round 3, on an H200 (issue 19): round 2's bound for every binary merge kernel of pairs with an 8-byte key
# or value (3 resident blocks an SM: 80 registers), and 4 for 8-byte keys alone (64 registers; 71 and 3 blocks
# unbounded). `v3k4` = `land` + logs/session77/v3k4.patch. merge-samples' conformance as it falls and with the large
# tiles forced; memcheck, synccheck and racecheck of 8-byte keys and of pairs with 8-byte parts; then `land` and `v3k4`
# in turn, twice, cub-merge in every run.
set -u
source scripts/device-round.sh
X=$(unpack .carry/land.tar.xz)
V=$(unpack .carry/v3k4.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 30 "$V/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 env GSB_MERGE_SAMPLES_LARGE=1 "$V/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck; do
  part 30 env GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool $tool --error-exitcode 9 "$V/gpusort-bench" \
    --algo merge-samples --type u64,u32,u8 --values none,u32,u64 --order asc,desc --dist uniform,zipf \
    --n 2,70000,300000,1000003 --warmup 0 --reps 1 -q --json "$OUT/$tool.json"
done
part 30 env GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool racecheck --error-exitcode 9 "$V/gpusort-bench" \
  --algo merge-samples --type u64,u32 --values none,u32,u64 --n 70000 --warmup 0 --reps 1 -q --json "$OUT/racecheck.json"
BUILDS="land=$X v3k4=$V" alternate 40 t8 --algo merge-samples,cub-merge --type u64 --values none,u32,u64 \
  --n 2^22,2^24,1e8 --reps 5 --warmup 1 -q
BUILDS="land=$X v3k4=$V" alternate 40 t4 --algo merge-samples,cub-merge --type u32,u16,u8 --values u64 \
  --n 2^22,2^24,1e8 --reps 5 --warmup 1 -q
summary merge-samples cub-merge t
