#!/usr/bin/env bash
# Session 53, round 5: the landed build (`final`, 7b8d232: the plan beside the first MSD pass, the clear kernel, the
# warp kernel by runs to 320 keys). The parts test and every radix conformance part; the forced hybrid path without
# programmatic dependent launch; memcheck and synccheck of every forced hybrid part and the counting sort, racecheck
# of the first hybrid part; the same device code built as compute_80 PTX only (`sm80`, b796795, GSB_ARCH=80: no
# programmatic dependent launch, no clusters) over the forced hybrid path and counting sort; then the grid's rows at
# 1e7 and 2^24 (and the counting sort's at 1e8), 2^22, 6e6 and 2e7 off the grid, cub-radix in each run.
set -u
source scripts/device-round.sh
R=$(unpack .carry/final.tar.xz)
P8=$(unpack .carry/sm80.tar.xz)
part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix|^radix pass parts' \
  bash .carry/device-run.sh .carry/final.tar.xz "$OUT/conformance"
part 40 env GSB_DEPENDENT_LAUNCH=0 GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
  GSB_PARTS='^conformance \(radix hybrid path from' bash .carry/device-run.sh .carry/final.tar.xz "$OUT/conformance-no-pdl"
part 200 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix (hybrid|counting)|^compute-sanitizer racecheck \(radix hybrid\)' \
  GSB_PART_TIMEOUT=180 bash .carry/device-run.sh .carry/final.tar.xz "$OUT/sanitizer"
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none:*/radix_u16_*'
part 60 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 "$P8/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 env GSB_ARCH=80 GSB_RADIX_COUNTING_MIN_N=2 "$P8/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u8_none:*/radix_u16_none'
part 90 "$R/gpusort-bench" --algo radix,cub-radix --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 \
  --n 1e7,2^24 --reps 10 -q --json "$OUT/radix-grid.s53-final.json"
part 40 "$R/gpusort-bench" --algo radix,cub-radix --type u8,u16 --n 1e8 --reps 10 -q \
  --json "$OUT/radix-grid.s53-counting-1e8.json"
part 30 "$R/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --n 2^22,6e6,2e7 --reps 10 -q \
  --json "$OUT/off-grid.json"
part 40 "$R/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values none,u32 --n 1e8 --reps 10 -q \
  --json "$OUT/big.json"
grep -E "^=== |^rc=" "$L" | cut -c1-140
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance*/device.log "$OUT"/sanitizer/device.log | sort | uniq -c
grep -E "PASSED|FAILED" "$L"
