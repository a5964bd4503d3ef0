#!/usr/bin/env bash
# Session 76 round 6, on an H200 (issue 19): the landed tree (`89ca853`) built 80-virtual, JIT-compiled by the driver,
# with the host on the sm80 band's policy (GSB_ARCH=80: its merge shape, 4 resident blocks of the four-way merge kernel).
# merge-samples' conformance as it falls, with its four-way passes forced (GSB_MERGE_SAMPLES_QUAD=1), and forced with
# the large tiles; memcheck of the forced four-way passes.
set -u
source scripts/device-round.sh
X=$(unpack .carry/sm80.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 150 env GSB_ARCH=80 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 60 env GSB_ARCH=80 GSB_MERGE_SAMPLES_QUAD=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 60 env GSB_ARCH=80 GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 60 env GSB_ARCH=80 GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool memcheck \
  --error-exitcode 9 "$X/gpusort-bench" --algo merge-samples --type u8,u32 --values none --order asc,desc \
  --dist uniform,zipf --n 2,70000,300000 --warmup 0 --reps 1 -q --json "$OUT/memcheck.json"
part 30 env GSB_ARCH=80 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32 --values none --n 2^24,1e8 \
  --reps 5 -q --json "$OUT/sm80.json"
summary merge-samples cub-merge
