#!/usr/bin/env bash
# Session 49, round 5: the hybrid path's own pass policy (4-byte keys alone 256 x 28 at 4 blocks, `7976e58`, build
# `new`) against base (49ab15b = 0eb52bf's code, gpusort-bench and libgsb.so only), alternated twice, cub-radix in
# every run: the 4-byte types uniform from 1e7 to 2^28, and u32 on the inputs that take the stable MSD kernel (rows of
# few digits: sorted, reverse, nearly sorted; it spills 32 bytes at 256 x 28) or the places one (few-unique, Zipf,
# entropy-0.811 go to the LSD passes after the sample). Then new's radix conformance parts and the forced radix
# parts under compute-sanitizer.
set -u
source scripts/device-round.sh
BUILDS="base=$(unpack .carry/base.tar.xz) new=$(unpack .carry/new.tar.xz)"
alternate 60 uniform --algo radix,cub-radix --type u32,i32,f32 --n 1e7,2^24,1e8,2^27,2^28 --reps 10 -q
alternate 40 dist --algo radix,cub-radix --type u32 --n 1e8 --dist sorted,reverse,nearly-sorted,few-unique,zipf,entropy-0.811 --reps 10 -q
N=${BUILDS##*new=}
part 120 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix|^radix pass parts' \
  bash scripts/device-run.sh "$N" "$OUT/conformance"
part 170 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix|^compute-sanitizer racecheck \(radix (hybrid|counting)\)' \
  bash scripts/device-run.sh "$N" "$OUT/sanitize"
grep -E "^=== |^rc=" "$L" | cut -c1-140
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|skipped \(time|timed out" "$OUT"/conformance/device.log "$OUT"/sanitize/device.log | sort | uniq -c
tail -40 "$OUT/sanitize/device.log" | grep -E "^(conformance|compute-sanitizer|radix)" | cut -c1-120
tail -40 "$OUT/conformance/device.log" | grep -E "^(conformance|compute-sanitizer|radix)" | cut -c1-120
