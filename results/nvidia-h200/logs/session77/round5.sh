#!/usr/bin/env bash
# Session 77 round 5, on an H200 (issue 19): the partition kernel in a pass too short for ranks too (`split`: the tree
# of round 4's `final` + the change; the two first passes of 8192-key tiles searched whole segments in the merge blocks,
# 850 us a pass for u64+u32 at 1e8 against 710 with the partition kernel). merge-samples' conformance with the
# partition kernel forced and with it and the large tiles forced; memcheck and synccheck of both forced; `final` and
# `split` in turn, twice, cub-merge in every run.
set -u
source scripts/device-round.sh
X=$(unpack .carry/final.tar.xz)
S=$(unpack .carry/split.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 30 env GSB_MERGE_SAMPLES_PRESPLIT=1 "$S/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 env GSB_MERGE_SAMPLES_PRESPLIT=1 GSB_MERGE_SAMPLES_LARGE=1 "$S/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck; do
  part 30 env GSB_MERGE_SAMPLES_PRESPLIT=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool $tool --error-exitcode 9 \
    "$S/gpusort-bench" --algo merge-samples --type u64,u32,u8 --values none,u32,u64 --order asc,desc \
    --dist uniform,zipf --n 2,20000,70000,300000 --warmup 0 --reps 1 -q --json "$OUT/$tool.json"
done
BUILDS="final=$X split=$S" alternate 40 t --algo merge-samples,cub-merge --type u64,u32 --values none,u32,u64 \
  --n 2^25,1e8 --reps 5 --warmup 1 -q
summary merge-samples cub-merge t
