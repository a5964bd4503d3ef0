#!/usr/bin/env bash
# Session 92 (issue 19, radix): round 80's builds on an H200, trimmed to what the H100 did not answer (its checks and
# sanitizers ran there, results/nvidia-h100/logs/session92/): `old` (.carry/s90.tar.xz, main's radix code before
# 461779b), `seg` (.carry/s91.tar.xz, the landed device code) and `rows` (.carry/s92.tar.xz, branch
# radix-s91-histograms) in turn, twice, over the window, four other distributions and keys past it; the grid's 2^22
# cells from seg. Kind nvidia-h200 with needs_h200. `rows` only where its tarball is carried (session 93 carried
# two builds: results/nvidia-h200/logs/session93/round1.sh).
set -u
source scripts/device-round.sh
O=$(unpack .carry/s90.tar.xz)
S=$(unpack .carry/s91.tar.xz)
N=
[ -f .carry/s92.tar.xz ] && N=$(unpack .carry/s92.tar.xz)
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2 "$S/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
BUILDS="old=$O seg=$S${N:+ rows=$N}"
alternate 25 win --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,4.3e6,4.4e6 --reps 10 -q
alternate 25 dists --algo radix,cub-radix --type u32 --values u32 --n 2^22 --dist sorted,few-unique,all-equal,zipf \
  --reps 10 -q
alternate 25 past --algo radix,cub-radix --type u32 --values none,u32 --n 1e7,3e7 --reps 10 -q
part 30 "$S/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22 --reps 5 -q \
  --json "$OUT/radix-grid.s92-2p22.json"
summary radix cub-radix
