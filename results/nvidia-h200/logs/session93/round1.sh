#!/usr/bin/env bash
# Session 93 round 1 (issue 19, radix), kind nvidia-h200 with needs_h200. Two parts, each with its own log under $OUT
# (PARTS names those to run: u8 alone was an H100's call, results/nvidia-h100/logs/session93/round1/; r80 alone
# the H200's, once the H100 had found the u8 build slower):
#  r80/ round 80's H200 call, results/nvidia-h200/logs/session92/planned.sh, without its `rows` build (branch
#       radix-s91-histograms, not kept on the H100; not carried): `old` (.carry/s90.tar.xz, main's radix code before
#       461779b) and `seg` (.carry/s91.tar.xz, the landed device code) in turn, twice, over the segment sort's window,
#       four other distributions and keys past it; the grid's 2^22 cells from seg;
#  r80-past/ seg's u32+u32 from 4.4e6 to 8e6 (past the window), validated.
#  u8/  1-byte keys ranked by warps in the one-block path (.carry/s93.tar.xz, this session's small.cuh) against seg's
#       block sort: the radix conformance of u8 keys, the three sanitizers at the byte shapes' edges, the two builds
#       alternated twice at 2049-4864 keys, and the grid's u8 cells from 1 to 1e4.
set -u
mkdir -p "$OUT/r80" "$OUT/u8"
if [[ " ${PARTS:-r80 u8} " == *" r80 "* ]]; then
  mkdir -p "$OUT/r80-past"
  OUT=$OUT/r80 LIMIT=190 bash results/nvidia-h200/logs/session92/planned.sh
  OUT=$OUT/r80-past LIMIT=50 bash -c '
source scripts/device-round.sh
S=$(unpack .carry/s91.tar.xz)
part 40 "$S/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 --n 4.4e6,5e6,6e6,7e6,8e6 --reps 10 -q \
  --json "$OUT/past-window.json"
summary radix cub-radix'
fi
[[ " ${PARTS:-r80 u8} " != *" u8 "* ]] || OUT=$OUT/u8 LIMIT=300 bash -c '
source scripts/device-round.sh
S=$(unpack .carry/s91.tar.xz)
W=$(unpack .carry/s93.tar.xz)
part 60 "$W/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u8*"
for tool in memcheck racecheck synccheck; do
  part 50 compute-sanitizer --tool $tool --error-exitcode 9 "$W/gpusort-bench" --algo radix --type u8 \
    --values none,u32,u64 --order asc,desc --dist uniform,few-unique,all-equal --n 2049,2305,3072,3073,4864 \
    --warmup 0 --reps 1 -q --json "$OUT/u8w-$tool.json"
done
BUILDS="seg=$S u8w=$W"
alternate 25 small --algo radix,cub-radix --type u8 --values none,u32,u64 --dist uniform,zipf \
  --n 2049,2305,3072,3073,4864 --reps 30 --warmup 5 -q
part 40 "$W/gpusort-bench" --algo radix,cub-radix --type u8 --values none,u32,u64 --n 1,100,1e3,4864,1e4 \
  --reps 20 --warmup 3 -q --json "$OUT/radix-grid.s93-u8.json"
summary radix cub-radix'
