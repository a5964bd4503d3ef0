#!/usr/bin/env bash
# Session 58, round 7: the landed build (`final`, 0b5aeb2's device code: the segment found in shared memory, the warp
# bucket sort's places from 128 keys, the MSD passes of keys alone claiming their runs). The parts test; every radix
# conformance case up to 70000 keys and the hybrid path's forced parts; memcheck and synccheck of the forced hybrid
# path, its 128-thread buckets and its buckets by passes; racecheck of the forced hybrid path over u32 and i32 keys
# alone and u32+u32 to 2000 keys (the passes' shared copy of the segment starts, the warp kernel's places); each
# kernel's time of one u32 sort at 1e7 under ncu; u32 keys alone at 1.8e9 and 2^31 (3 repetitions, off the grid).
set -u
source scripts/device-round.sh
F=$(unpack .carry/final.tar.xz)
part 20 "$F/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
part 130 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_CONFORMANCE_MAX_N=70000 \
  GSB_PARTS='^conformance \(GPU\)|^conformance \(radix hybrid' bash .carry/device-run.sh .carry/final.tar.xz "$OUT/conformance"
part 60 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, 128-thread buckets|, buckets past a block by passes)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh .carry/final.tar.xz "$OUT/sanitizer"
part 120 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=2000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
  compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$F/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_u32_u32'
part 60 ncu --metrics gpu__time_duration.sum "$F/gpusort-bench" --algo radix --type u32 --n 1e7 --reps 1 --warmup 0 \
  --validate none -q
part 150 "$F/gpusort-bench" --algo radix,cub-radix --type u32 --n 1.8e9,2^31 --reps 3 -q --json "$OUT/past-1.68e9.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
grep -E "PASSED|FAILED|RACECHECK SUMMARY|gpu__time_duration|  [a-z_:]*kernel|void " "$L" | cut -c1-160 | tail -40
