#!/usr/bin/env bash
# Session 51, round 7: the landed build (`main`, 6ca9da7: the listed later launches, floats' thresholds, paired warps,
# and the review mend, host only) and the same device code built as compute_80 PTX only (`sm80`, a286d23, 80-virtual,
# run with GSB_ARCH=80). main: every radix conformance part and the parts test; sm80: the forced hybrid path's
# conformance (every 4-byte type and value mode, u64 with every value mode, i64 and f64 alone, u16) and the 1024-thread
# buckets forced. Then the grid's rows at 1e7 and 2^24 from main, and 2^22, 6e6 off the grid.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
P8=$(unpack .carry/sm80.tar.xz)
part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix|^radix pass parts' \
  bash .carry/device-run.sh "$M" "$OUT/conformance"
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none:*/radix_u16_*'
part 60 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 "$P8/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place "$P8/tests/gsb_conformance" \
  --gtest_brief=1 '--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none'
part 90 "$M/gpusort-bench" --algo radix,cub-radix --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 \
  --n 1e7,2^24 --reps 10 -q --json "$OUT/radix-grid.s51-final.json"
part 30 "$M/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,f64 --n 2^22,6e6 --reps 10 -q \
  --json "$OUT/off-grid.json"
grep -E "^=== |^rc=" "$L" | cut -c1-140
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance/device.log | sort | uniq -c
grep -E "PASSED|FAILED" "$L"
