#!/usr/bin/env bash
# Session 54, round 11: round 10 found u16 keys at 2^32+17 at 0.981x of cub-radix and u8 at 1.39x: the counting sort
# stopped at 2^32 keys (its 16-bit histogram's counts are 32 bits), so they took the LSD passes. `final2` (the
# landed build of this round): 1-byte keys' counts are 64 bits already; 2-byte keys' histogram counts portions of 2^31
# keys, each into its own counts, summed by the starts kernel. The counting sort's conformance from n = 2 (u8, u16)
# and in portions of 5000 keys (u16), memcheck, racecheck and synccheck of both, then u8 and u16 at 2^32+17.
set -u
source scripts/device-round.sh
R=$(unpack .carry/final2.tar.xz)
part 120 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix counting' \
  bash .carry/device-run.sh .carry/final2.tar.xz "$OUT/conformance"
part 100 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_PARTS='^compute-sanitizer .*\(radix counting' \
  GSB_PART_TIMEOUT=60 bash .carry/device-run.sh .carry/final2.tar.xz "$OUT/sanitizer"
for t in u8 u16; do
  part 60 "$R/gpusort-bench" --algo radix,cub-radix --type $t --n 2^32+17 --reps 5 -q \
    --json "$OUT/radix-grid.s54-xl-counting-$t.json"
done
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitizer/device.log | sort | uniq -c
