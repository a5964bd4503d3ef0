#!/usr/bin/env bash
# Session 53, round 2: no memset before the sample (`clear`: a small kernel zeroes the sample's counts and lets it in
# at once; the sample clears the rest beside the histogram, which waits for it before adding its counts) against
# `beside` (round 1's build, 420f0bb). Checks of the clear build first: the parts test (the sample's stop and clear),
# every radix conformance part, the hybrid parts without programmatic dependent launch, memcheck and synccheck of
# every forced hybrid part, racecheck of the first; then alternated timings, cub-radix in each run.
set -u
source scripts/device-round.sh
C=$(unpack .carry/clear.tar.xz)
B=$(unpack .carry/beside.tar.xz)
part 60 "$C/tests/radix/gsb_radix_parts_tests"
GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix' part 130 bash .carry/device-run.sh \
  .carry/clear.tar.xz "$OUT/conformance"
GSB_DEPENDENT_LAUNCH=0 GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid path from' \
  part 40 bash .carry/device-run.sh .carry/clear.tar.xz "$OUT/conformance-no-pdl"
GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix hybrid|^compute-sanitizer racecheck \(radix hybrid\)' \
  part 200 bash .carry/device-run.sh .carry/clear.tar.xz "$OUT/sanitizer"
BUILDS="beside=$B clear=$C"
alternate 30 keys --algo radix,cub-radix --type u32,i32,f32 --n 2^22,6e6,1e7,2^24 --reps 10 -q
alternate 25 pairs --algo radix,cub-radix --type u32,u64 --values u32,u64 --n 6e6,1e7 --reps 10 -q
alternate 20 wide --algo radix,cub-radix --type u32,u64 --n 1e8 --reps 10 -q
alternate 20 skew --algo radix,cub-radix --type u32 --dist zipf,entropy-0.201,sorted --n 2^22,1e7 --reps 10 -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | cut -c1-160
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT"/conformance*/device.log "$OUT"/sanitizer/device.log 2>/dev/null | sort | uniq -c
