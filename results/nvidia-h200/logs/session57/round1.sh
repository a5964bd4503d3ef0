#!/usr/bin/env bash
# Session 57, round 1: the hybrid path's bucket sort begins beside the second MSD pass's last tiles (`early`, the
# working tree on 5a548b2): the pass counts each top-8-bit bucket's tiles as they are written and lets the bucket sort
# in once all of its blocks have begun; the sort's first launch (warps) waits per bucket for its top-8-bit bucket's
# tiles instead of for the pass to end. Alternated twice against main (`head`, 5a548b2's device code), cub-radix in
# every run; the parts test; the hybrid path's conformance parts; memcheck and synccheck of the forced hybrid path.
set -u
source scripts/device-round.sh
BUILDS=""
for b in head early; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
E=${BUILDS#*early=}; E=${E%% *}
part 20 "$E/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
alternate 45 mid --algo radix,cub-radix --type u32,i32,f32 --n 2^22,1e7,2^24 --reps 10 -q
alternate 45 more --algo radix,cub-radix --type u32,u64 --values none,u32 --n 6e6,2e7 --reps 10 -q
part 150 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/early.tar.xz "$OUT/conformance"
part 120 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid\)$' GSB_PART_TIMEOUT=55 bash .carry/device-run.sh .carry/early.tar.xz "$OUT/sanitizer"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitizer/device.log | sort | uniq -c
