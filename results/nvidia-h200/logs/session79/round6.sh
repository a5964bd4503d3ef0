#!/usr/bin/env bash
# Session 79 round 6 (issue 19, merge-samples): session 79's four-way passes for pairs with 1- or 2-byte keys on the
# sm80 band through compute_80 PTX (`sm80` = main's tree after round 5, c4f8475, built 80-virtual, JIT-compiled on the
# H200, GSB_ARCH=80: that band's shapes and resident blocks): conformance as it falls, forced, and forced with the large
# tiles; memcheck, synccheck and racecheck of the forced passes over 1- and 2-byte keys with values. Run with
# LIMIT=200 (the session's last device time).
set -u
source scripts/device-round.sh
A=$(unpack .carry/sm80.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 60 env GSB_ARCH=80 "$A/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_ARCH=80 GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 "$A/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck racecheck; do
  part 25 env GSB_ARCH=80 GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool $tool \
    --error-exitcode 9 "$A/gpusort-bench" --algo merge-samples --type u8,u16 --values u32,u64 --order asc,desc \
    --dist uniform,zipf --n 70000 --warmup 0 --reps 1 -q --json "$OUT/sm80-$tool.json"
done
part 40 env GSB_ARCH=80 GSB_MERGE_SAMPLES_QUAD=1 "$A/tests/gsb_conformance" --gtest_brief=1 "$F"
summary merge-samples cub-merge
