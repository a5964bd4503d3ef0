#!/usr/bin/env bash
# Session 57, round 5: the warp bucket sort by runs with fewer instructions (`runs`, on round 4's `xor`): round 4's
# ncu put 53% of the kernel's 55.2 M warp instructions (u32 keys at 1e7, issue-bound: 87% of the SM's compute
# throughput) in ranking a key within its run, which read two packed run ends a key and made three comparisons a
# key of the run (key, then place). Now a key is held in b as key << 9 | place, ranked by one comparison a key of its
# run, and each run's start and length are one 16-bit field a digit, written from the scan's starts. Alternated twice
# against main (`head`, 5a548b2's device code) and `xor`, cub-radix in every run; the parts test; the hybrid path's
# conformance parts; memcheck, racecheck and synccheck of the forced hybrid path.
set -u
source scripts/device-round.sh
BUILDS=""
for b in head xor runs; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
R=${BUILDS#*runs=}; R=${R%% *}
part 20 "$R/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
alternate 40 keys --algo radix,cub-radix --type u32,i32,f32 --n 2^22,6e6,1e7,2^24,2e7 --reps 10 -q
alternate 30 skew --algo radix,cub-radix --type u32 --dist entropy-0.544,zipf,sorted --n 2^22,1e7 --reps 10 -q
part 150 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/runs.tar.xz "$OUT/conformance"
part 150 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid\)$' GSB_PART_TIMEOUT=70 bash .carry/device-run.sh .carry/runs.tar.xz "$OUT/sanitizer"
part 60 ncu -k regex:warp_bucket --launch-count 1 --section SpeedOfLight --section InstructionStats \
  "$R/gpusort-bench" --algo radix --type u32 --n 1e7 --reps 1 --warmup 0 --validate none -q
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitizer/device.log | sort | uniq -c
