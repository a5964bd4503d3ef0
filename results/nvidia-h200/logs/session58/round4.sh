#!/usr/bin/env bash
# Session 58, round 4: the hybrid path's MSD passes of keys alone (AnyOrderSegments) claim each digit's run of a tile
# with one global atomic on the segment's cursor for that digit, issued as soon as the tile's counts are known and
# taken after the ranking, in place of the decoupled look-back (status stores, walks, waits on predecessors): keys of
# one digit need not leave in tile order when every bit below is sorted afterwards and equal keys are alike.
# `claim` (working tree on d9c1058) against `main` (d9c1058's device code, p128.tar.xz), alternated twice, cub-radix in
# every run; then with `claim`: the radix conformance cases to 70000 keys and the hybrid parts, memcheck and synccheck
# of the forced hybrid path (portions of one tile: every portion claims from the same cursors).
set -u
source scripts/device-round.sh
BUILDS=""
for b in p128 claim; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 40 keys --algo radix,cub-radix --type u32,i32,f32 --n 2^22,6e6,1e7,2^24,2e7,1e8 --reps 10 -q
alternate 40 wide --algo radix,cub-radix --type u64,f64 --n 1e7,1e8 --reps 10 -q
alternate 40 skew --algo radix,cub-radix --type u32 --dist sorted,zipf,entropy-0.811,few-unique --n 1e7,1e8 --reps 10 -q
part 130 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_CONFORMANCE_MAX_N=70000 \
  GSB_PARTS='^conformance \(GPU\)|^conformance \(radix hybrid' bash .carry/device-run.sh .carry/claim.tar.xz "$OUT/conformance"
part 120 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, 128-thread buckets|, buckets past a block by passes)?\)$' \
  GSB_PART_TIMEOUT=50 bash .carry/device-run.sh .carry/claim.tar.xz "$OUT/sanitizer"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
