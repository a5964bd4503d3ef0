#!/usr/bin/env bash
# Session 57, round 10: the segmented passes over 2 .. (block threads) segments find a tile's segment by one count of
# the block (each thread loads one segment's first tile while the tile number arrives, __syncthreads_count), where
# thread 0 searched the 257 entries of the second MSD pass in 8 dependent loads that the block waited for at its first
# barrier (round 4's ncu: 12% of the second pass's warp samples there at 1e7). `seg` (working tree on 0dec1d5) against
# the landed build (`final`, 6681b8b), alternated twice, cub-radix in every run; the hybrid path's conformance parts.
set -u
source scripts/device-round.sh
BUILDS=""
for b in final seg; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 40 keys --algo radix,cub-radix --type u32,i32 --n 2^22,1e7,2^24,2e7,1e8 --reps 10 -q
alternate 30 more --algo radix,cub-radix --type u32,u64 --values u32 --n 1e7,1e8 --reps 10 -q
part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/seg.tar.xz "$OUT/conformance"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "PASSED|FAILED" "$OUT"/conformance/device.log | sort | uniq -c
