#!/usr/bin/env bash
# Session 57, round 7: round 6's `runs2` lost to `runs` and `xor` below 2^24 (not kept). `load` (on `xor`): the warp
# bucket kernel's load counts a compile-time digit in each of its two forms (by runs: bits 8 .. 15; by rounds: 0 .. 7),
# where a digit chosen at run time took two selects and more a key. Alternated twice against main (`head`), `xor`
# and `runs`, cub-radix in every run; the parts test and the hybrid path's conformance parts of `load`.
set -u
source scripts/device-round.sh
BUILDS=""
for b in head xor runs load; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
R=${BUILDS#*load=}; R=${R%% *}
part 20 "$R/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
alternate 40 keys --algo radix,cub-radix --type u32,i32,f32 --n 2^22,6e6,1e7,2^24,2e7 --reps 10 -q
alternate 30 skew --algo radix,cub-radix --type u32 --dist sorted,zipf --n 2^22,1e7 --reps 10 -q
alternate 30 pairs --algo radix,cub-radix --type u32,u64 --values u32 --n 1e7 --reps 10 -q
part 150 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/load.tar.xz "$OUT/conformance"
part 40 ncu -k regex:warp_bucket --launch-count 1 --section SpeedOfLight --section InstructionStats \
  "$R/gpusort-bench" --algo radix --type u32 --n 1e7 --reps 1 --warmup 0 --validate none -q
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "PASSED|FAILED" "$OUT"/conformance/device.log | sort | uniq -c
