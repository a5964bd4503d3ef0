#!/usr/bin/env bash
# Session 50, round 7: 4d7bbe7, 4-byte keys alone past 26864-key buckets sorted in place by 1024-thread blocks (the
# hybrid path to 2^31 keys; it took the LSD passes past about 1.68e9 before). Every radix conformance part (the new
# one forces the 1024-thread kernel from n = 2), memcheck and synccheck of every forced radix part and racecheck of the
# new kernel; then u32 keys at 2e9 against radix-lsd (what radix was there before) and cub-radix, 3 repetitions.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 110 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix|^radix pass parts' \
  bash scripts/device-run.sh "$M" "$OUT/conformance"
part 230 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix|^compute-sanitizer racecheck \(radix hybrid, 1024' \
  bash scripts/device-run.sh "$M" "$OUT/sanitize"
part 200 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32 --n 2e9 --reps 3 -q --json "$OUT/u32-2e9.json"
grep -E "^=== |^rc=" "$L" | cut -c1-140
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitize/device.log | sort | uniq -c
grep -hE "^(conformance|compute-sanitizer|radix pass)" "$OUT"/conformance/device.log "$OUT"/sanitize/device.log | grep -v "skipped" | grep "rc=" | cut -c1-100
