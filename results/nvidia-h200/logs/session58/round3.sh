#!/usr/bin/env bash
# Session 58, round 3: round 2's fields from the scan cost every bucket (and 4 bytes of spill at the kernel's 32
# registers): now the warp bucket sort by runs keeps main's ranking below a bucket size and, from it, computes each
# digit's run field from the scanned starts (one shuffle) and holds keys as key << 9 | place (one comparison a key of
# the run); ptxas sm_90: 32 registers, no spill. Builds `main` (210e4a8's device code) and places from 128 (`p128`),
# 160 (`p160`) and every size (`p0`), alternated twice, cub-radix in every run. Then with `p0` (the new path in every
# bucket past one key, and the segment search of 210e4a8): the hybrid conformance parts, memcheck and synccheck of the
# forced hybrid path (and its 128-thread buckets), racecheck of the forced path over u32 and i32 keys alone to 2000.
set -u
source scripts/device-round.sh
BUILDS=""
for b in segsh p128 p160 p0; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 40 keys --algo radix,cub-radix --type u32,i32,f32 --n 2^22,6e6,1e7,2^24,2e7 --reps 10 -q
alternate 30 sorted --algo radix,cub-radix --type u32 --dist sorted,zipf,entropy-0.811 --n 2^22,1e7 --reps 10 -q
part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/p0.tar.xz "$OUT/conformance"
part 150 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, 128-thread buckets)?\)$' GSB_PART_TIMEOUT=70 \
  bash .carry/device-run.sh .carry/p0.tar.xz "$OUT/sanitizer"
F=$(unpack .carry/p0.tar.xz)
part 120 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=2000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
  compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$F/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_none:*/radix_i32_none'
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "PASSED|FAILED" "$OUT"/conformance/device.log | sort | uniq -c
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT"/sanitizer/device.log "$L" | grep -v "^=== /tmp" | cut -c1-160
