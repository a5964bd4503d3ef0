#!/usr/bin/env bash
# Session 58, round 1: session 57's round 10 found a tile's segment without thread 0's binary search of the 257 segment
# starts in global memory (8 dependent loads the block waits for at its first barrier) and gained 1-2% for pairs, but
# its form spilled 24 bytes in the keys-alone places kernel. `segsh` (seg-shared.patch on 6d6cc22): each thread copies
# one segment start into shared memory (s_base, free until the look-back) while the tile number arrives, and every
# thread searches there after the barrier; ptxas reports no spill. Alternated twice against `final` (6681b8b's device
# code, the same as 6d6cc22's), cub-radix in every run; the hybrid path's conformance parts with `segsh`.
set -u
source scripts/device-round.sh
BUILDS=""
for b in landed segsh; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 40 keys --algo radix,cub-radix --type u32,i32 --n 2^22,1e7,2^24,2e7,1e8 --reps 10 -q
alternate 30 pairs --algo radix,cub-radix --type u32,u64 --values u32 --n 1e7,1e8 --reps 10 -q
part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/segsh.tar.xz "$OUT/conformance"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "PASSED|FAILED" "$OUT"/conformance/device.log | sort | uniq -c
