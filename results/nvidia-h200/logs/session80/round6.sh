#!/usr/bin/env bash
# Session 80 round 6 (issue 19, radix): the landed rule (4-byte pairs by runs take 512 threads with two buffers, 12
# digit bits, from 3e8 to 25 rows a warp) as it falls: conformance, then validated sorts at 4e8 and 2^29.
set -u
source scripts/device-round.sh
R=$(unpack .carry/rule.tar.xz)
P="--gtest_filter=*radix_u32_u32:*radix_i32_u32:*radix_f32_u32"
part 30 "$R/tests/gsb_conformance" --gtest_brief=1 "$P"
part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512 "$R/tests/gsb_conformance" --gtest_brief=1 "$P"
part 150 "$R/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 4e8,2^29 --reps 3 --warmup 1 -q \
  --json "$OUT/radix-grid.s80-pairs-big.json"
