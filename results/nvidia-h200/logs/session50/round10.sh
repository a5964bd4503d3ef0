#!/usr/bin/env bash
# Session 50, round 10: the landed build (`main`, eefbcea: rounds 3, 4, 7 and 9) and the same tree built as compute_80
# PTX only (`sm80`, 80-virtual, run with GSB_ARCH=80: the sm80 band's policies, its 163 KiB of shared memory; the
# 1024-thread in-place buckets hold 32768 keys there). main: every radix conformance part, memcheck and synccheck of
# every forced radix part, racecheck of the hybrid path; sm80: the forced hybrid path's conformance (every 4-byte type
# and value mode, u64 with every value mode, i64 and f64 alone, u16) and the 1024-thread buckets forced (4-byte keys
# alone). Then the grid's rows at 1e6, 1e7, 2^24 and 2^22, 6e6 off the grid from main.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
P8=$(unpack .carry/sm80.tar.xz)
part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix|^radix pass parts' \
  bash scripts/device-run.sh "$M" "$OUT/conformance"
part 200 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix|^compute-sanitizer racecheck \(radix hybrid\)' \
  bash scripts/device-run.sh "$M" "$OUT/sanitize"
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none:*/radix_u16_*'
part 60 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 "$P8/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place "$P8/tests/gsb_conformance" \
  --gtest_brief=1 '--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none'
part 60 "$M/gpusort-bench" --algo radix,cub-radix --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 \
  --n 1e6,1e7,2^24 --reps 10 -q --json "$OUT/radix-grid.s50-final.json"
part 30 "$M/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,u64 --n 2^22,6e6 --reps 10 -q \
  --json "$OUT/off-grid.json"
grep -E "^=== |^rc=" "$L" | cut -c1-140
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitize/device.log | sort | uniq -c
grep -E "PASSED|FAILED" "$L"
