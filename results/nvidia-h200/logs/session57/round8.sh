#!/usr/bin/env bash
# Session 57, round 8: the landed build (`final`, 6681b8b: the bucket sorts decode by the cheapest form of the codec,
# the warp bucket load counts a compile-time digit). The parts test; the grid's rows at 1e7 and 2^24 (every key type,
# values none, u32, u64) and 4-byte keys off the grid, cub-radix in each run; every radix conformance case up to
# 70000 keys and the hybrid path's forced parts; memcheck, synccheck and racecheck of the forced hybrid path and its
# 128-thread buckets.
set -u
source scripts/device-round.sh
F=$(unpack .carry/final.tar.xz)
part 20 "$F/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
part 60 "$F/gpusort-bench" --algo radix,cub-radix --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 \
  --n 1e7,2^24 --reps 10 -q --json "$OUT/radix-grid.s57-mid.json"
part 40 "$F/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values none,u32 --n 2^22,6e6,2e7 --reps 10 -q \
  --json "$OUT/off-grid.json"
part 200 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_CONFORMANCE_MAX_N=70000 \
  GSB_PARTS='^conformance \(GPU\)|^conformance \(radix hybrid' bash .carry/device-run.sh .carry/final.tar.xz "$OUT/conformance"
part 240 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, 128-thread buckets)?\)$' GSB_PART_TIMEOUT=110 \
  bash .carry/device-run.sh .carry/final.tar.xz "$OUT/sanitizer"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitizer/device.log | sort | uniq -c
