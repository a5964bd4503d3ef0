#!/usr/bin/env bash
# Session 53, round 1: the hybrid path's plan beside the first MSD pass's last wave (`beside`: the 16-bit histogram's
# last block writes the top-8-bit starts and the first pass's tile tables, the first pass follows the histogram and
# lets the plan in once all of its blocks have begun, the plan waits for the pass only at its end) against `main`
# (17573d3's device code, the build before the change). Checks of the beside build first: the parts test, every
# radix conformance part, memcheck, synccheck and racecheck of the forced hybrid path; then alternated timings,
# cub-radix in each run.
set -u
source scripts/device-round.sh
N=$(unpack .carry/beside.tar.xz)
M=$(unpack .carry/main.tar.xz)
part 60 "$N/tests/radix/gsb_radix_parts_tests"
GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix' part 130 bash .carry/device-run.sh \
  .carry/beside.tar.xz "$OUT/conformance"
GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix hybrid|^compute-sanitizer racecheck \(radix hybrid' \
  part 200 bash .carry/device-run.sh .carry/beside.tar.xz "$OUT/sanitizer"
BUILDS="main=$M beside=$N"
alternate 30 keys --algo radix,cub-radix --type u32,i32,f32 --n 2^22,6e6,1e7,2^24 --reps 10 -q
alternate 25 pairs --algo radix,cub-radix --type u32,u64 --values u32,u64 --n 6e6,1e7 --reps 10 -q
alternate 20 wide --algo radix,cub-radix --type u32,u64 --n 2^21,1e8 --reps 10 -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | cut -c1-160
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT"/conformance*/device.log "$OUT"/sanitizer/device.log 2>/dev/null | sort | uniq -c
