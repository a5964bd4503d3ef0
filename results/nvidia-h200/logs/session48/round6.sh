#!/usr/bin/env bash
# Session 48, round 6 (about 2 min): the sanitizer parts round 5 cut at its 140 s (the radix pass parts test, whose
# warp-bucket test sorts by runs and by rounds, under memcheck, racecheck and synccheck; synccheck of the hybrid path's
# full tiles of one digit), from the same build (`final` = 1a4a3ff). Carry .carry/final.tar.xz.
set -u
source scripts/device-round.sh
FI=$(unpack .carry/final.tar.xz)
part 150 env GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|racecheck|synccheck) \(radix pass parts\)|^compute-sanitizer synccheck \(radix hybrid, full tiles' \
  bash scripts/device-run.sh "$FI" "$OUT/sanitize"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -E "^=== |PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/sanitize/device.log" | tail -20
