#!/usr/bin/env bash
# Session 77 round 7, on an H200 (issue 19; diagnostic): the tile sort of 8-byte keys in 512 x 16 tiles bounded to 2
# resident blocks an SM (`ts2` = `final2` + logs/session77/ts2.patch; ptxas 13.0 sm_90: 64 registers, 8 bytes spilled
# with values, none alone, where unbounded it takes 79-103 and one block fits). Conformance of merge-samples; `final2`
# and `ts2` in turn, twice, cub-merge in every run.
set -u
source scripts/device-round.sh
X=$(unpack .carry/final2.tar.xz)
T=$(unpack .carry/ts2.tar.xz)
part 30 "$T/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
BUILDS="final2=$X ts2=$T" alternate 40 t --algo merge-samples,cub-merge --type u64 --values none,u32,u64 \
  --n 2^25,1e8 --reps 3 --warmup 1 -q
summary merge-samples cub-merge t
