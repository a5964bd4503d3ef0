#!/usr/bin/env bash
# Session 102, round 2 (issue 19): the H200 figures of round 91 (session 101 had no H200). `w768c` (.carry/w768c.tar.xz,
# the tree of 6839e6f, main's device code: 4-byte pairs' buckets past 11264 keys in the 768-thread in-place shape)
# against `land` (.carry/land.tar.xz: the machine code of acf4258, before it): w768c's parts tests, then u32+u32 at
# 2^29, 7.5e8, 8e8 and 1e9 in turn, twice, --validate none; then w768c's cells validated (u32, i32 and f32 keys with
# u32 values at 7.5e8 and 1e9), and u32+u32 Zipf and entropy-0.544 at 1e9 (Zipf 0.989x cub-radix on an H100, round 1).
# On an H200 (kind nvidia-h200 with needs_h200).
set -u
LIMIT=${LIMIT:-560}
. scripts/device-round.sh
LB=$(unpack .carry/land.tar.xz)
W=$(unpack .carry/w768c.tar.xz)
part 30 "$W/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
BUILDS="land=$LB w768c=$W"
alternate 50 t --algo radix,cub-radix --type u32 --values u32 --n 2^29,7.5e8,8e8,1e9 --reps 3 --warmup 1 --validate none -q
part 110 "$W/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 7.5e8,1e9 \
  --reps 3 --warmup 1 -q --json "$OUT/grid-w768c.json"
part 80 "$W/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 --n 1e9 --dist zipf,entropy-0.544 \
  --reps 3 --warmup 1 -q --json "$OUT/skew-w768c.json"
summary radix cub-radix t
