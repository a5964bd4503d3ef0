#!/usr/bin/env bash
# Session 78, round 4 (issue 19): (1) the landed four-way passes for pairs on the sm80 band through compute_80 PTX
# (`sm80` = bd827a6's code built 80-virtual, JIT-compiled on the H200, GSB_ARCH=80: that band's merge shape and
# resident blocks): merge-samples' conformance as it falls, with the four-way passes forced, and forced with the large
# tiles; memcheck of the forced passes over pairs. (2) A try: the four-way kernel of 8-byte keys with u32 values held to
# 2 blocks an SM (`q2` = the landed build + logs/session78/q2.patch; 128 registers) where the landed one asks for 3
# (85 registers, 36 bytes spilled; ptxas 13.0 sm_90), in turn with `final` (bd827a6), twice.
# Run from the repository root with LIMIT and OUT as device-round.sh says; carry .carry/.
set -u
source scripts/device-round.sh
X=$(unpack .carry/final.tar.xz)
V=$(unpack .carry/q2.tar.xz)
A=$(unpack .carry/sm80.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 120 env GSB_ARCH=80 "$A/tests/gsb_conformance" --gtest_brief=1 "$F"
part 60 env GSB_ARCH=80 GSB_MERGE_SAMPLES_QUAD=1 "$A/tests/gsb_conformance" --gtest_brief=1 "$F"
part 60 env GSB_ARCH=80 GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 "$A/tests/gsb_conformance" --gtest_brief=1 "$F"
part 60 env GSB_ARCH=80 GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool memcheck \
  --error-exitcode 9 "$A/gpusort-bench" --algo merge-samples --type u32,u64 --values u32,u64 --order asc,desc \
  --dist uniform,zipf --n 2,70000,300000 --warmup 0 --reps 1 -q --json "$OUT/sm80-memcheck.json"
BUILDS="final=$X q2=$V" alternate 30 t --algo merge-samples,cub-merge --type u64 --values u32 \
  --n 2^22,2^24,2^25,1e8 --reps 5 --warmup 1 -q
summary merge-samples cub-merge t
