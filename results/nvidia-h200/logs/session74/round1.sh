#!/usr/bin/env bash
# Session 74 round 1, on an H200 (issue 19): merge-samples' tile sort merging its 1024 x 32 tiles further in a
# thread-block cluster (cluster_merge_levels: runs of 2, 4 or 8 tiles read through distributed shared memory), so
# that the merge passes start from runs of up to 2^18 keys (9 passes at 1e8 instead of 12). Keys alone, Hopper.
# Parts: (1) conformance of merge-samples as it falls and with its large tiles forced (clusters from n = 2), with the
# cluster's most tiles 8 (the build's default), 2 and 4; (2) memcheck, synccheck, racecheck with the large tiles
# forced over u32 and u8 keys; (3) the same binary with GSB_MERGE_SAMPLES_CLUSTER=1, 2, 4, 8 in turn, twice, u32,
# u8, u16 keys alone at 2^22, 2^24, 1e8 (cub-merge in the same runs).
# Build: CUDAARCHS=90-real cmake --preset release && cmake --build build/release; scripts/pack-build.sh build/release
# cl. Run: LIMIT=560 bash <this>.
set -u
source scripts/device-round.sh
X=$(unpack .carry/cl.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 40 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_MERGE_SAMPLES_LARGE=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_CLUSTER=2 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_CLUSTER=4 GSB_MERGE_SAMPLES_PRESPLIT=1 \
  "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck racecheck; do
  n=2,70000,300000
  [ $tool = racecheck ] && n=70000,300000
  part 60 env GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool $tool --error-exitcode 9 \
    "$X/gpusort-bench" --algo merge-samples --type u32,u8 --values none --n $n --warmup 0 --reps 1 -q \
    --json "$OUT/$tool.json"
done
for round in a b; do
  for c in 1 2 4 8; do
    part 45 env GSB_MERGE_SAMPLES_CLUSTER=$c "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u8,u16 \
      --values none --n 2^22,2^24,1e8 --reps 5 --warmup 1 -q --json "$OUT/t-c$c-$round.json"
  done
done
summary merge-samples cub-merge t-
