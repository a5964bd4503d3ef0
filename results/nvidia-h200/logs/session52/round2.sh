#!/usr/bin/env bash
# Session 52, round 2: the 16-bit histogram's flush by whole top-8-bit buckets a warp, its loads before its adds
# (`c2`: clusters of two blocks, b686692; `c4`: the same with clusters of four; `alone`: c2 with
# GSB_CLUSTER_LAUNCH=0, every block flushing its own), against `main` (6ca9da7's device code). Checks of c2 first
# (the parts test, every radix conformance part, the hybrid and counting parts without clusters and with clusters of
# four, memcheck, synccheck and racecheck of the forced hybrid path and counting sort); then alternated timings,
# cub-radix in each run.
set -u
source scripts/device-round.sh
C2=$(unpack .carry/c2.tar.xz)
C4=$(unpack .carry/c4.tar.xz)
M=$(unpack .carry/main.tar.xz)
A=$(mktemp -d)
printf '#!/bin/sh\nGSB_CLUSTER_LAUNCH=0 exec %s/gpusort-bench "$@"\n' "$C2" > "$A/gpusort-bench" && chmod +x "$A/gpusort-bench"
part 60 "$C2/tests/radix/gsb_radix_parts_tests"
GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix' part 130 bash .carry/device-run.sh \
  .carry/c2.tar.xz "$OUT/conformance"
GSB_CLUSTER_LAUNCH=0 GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
  GSB_PARTS='^conformance \(radix (hybrid path from|counting)' part 40 bash .carry/device-run.sh \
  .carry/c2.tar.xz "$OUT/conformance-alone"
GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
  GSB_PARTS='^conformance \(radix (hybrid path from|counting)' part 40 bash .carry/device-run.sh \
  .carry/c4.tar.xz "$OUT/conformance-c4"
GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix (hybrid|counting)|^compute-sanitizer racecheck \(radix (hybrid|counting)\)' \
  part 220 bash .carry/device-run.sh .carry/c2.tar.xz "$OUT/sanitizer"
BUILDS="main=$M alone=$A c2=$C2 c4=$C4"
alternate 30 keys --algo radix,cub-radix --type u32,i32,f32 --n 2^22,6e6,1e7,2^24 --reps 10 -q
alternate 25 pairs --algo radix,cub-radix --type u32,u64 --values u32,u64 --n 6e6,1e7 --reps 10 -q
alternate 20 wide --algo radix,cub-radix --type u64,u16,u32 --n 2^21,1e7,1e8 --reps 10 -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | cut -c1-160 | grep -v "^=== /tmp"
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT"/conformance*/device.log "$OUT"/sanitizer/device.log 2>/dev/null | sort | uniq -c
