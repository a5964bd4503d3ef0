#!/usr/bin/env bash
# Session 55, round 6: the landed build (`final`, a62f2ba: v6 of round 5 with the pairs' budgets lowered, 4-byte
# keys with values 32, 8-byte 64). Every radix conformance case up to 70000 keys as the sample decides, and sorting
# by runs forced always and never; memcheck, racecheck and synccheck of the path as it falls (forced always, the
# device code is 943c179's, which round 5 checked); the same device code built as compute_80 PTX only (`sm80`,
# GSB_ARCH=80) over 4- and 8-byte keys, always and as the sample decides; then the record: the grid's 4864 and 1e4
# columns, every distribution at 2049, 3000, 4864 and 1e4, uniform keys off the grid, cub-radix in each run.
set -u
source scripts/device-round.sh
R=$(unpack .carry/final.tar.xz)
part 240 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_CONFORMANCE_MAX_N=70000 \
  GSB_PARTS='^conformance \(GPU\)|^conformance \(radix one block' bash .carry/device-run.sh .carry/final.tar.xz "$OUT/conformance"
part 120 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_PARTS='^compute-sanitizer .*\(radix one block by runs auto' \
  GSB_PART_TIMEOUT=75 bash .carry/device-run.sh .carry/final.tar.xz "$OUT/sanitizer"
if [ -f .carry/sm80.tar.xz ]; then
  P8=$(mktemp -d) && tar -xJf .carry/sm80.tar.xz -C "$P8"
  for runs in always auto; do
    part 60 env GSB_ARCH=80 GSB_RADIX_SMALL_RUNS=$runs GSB_CONFORMANCE_MAX_N=20000 "$P8/tests/gsb_conformance" \
      --gtest_brief=1 '--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_f64_*'
  done
fi
part 40 "$R/gpusort-bench" --algo radix,cub-radix --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 \
  --n 4864,1e4 --reps 20 -q --json "$OUT/radix-grid.s55-small.json"
part 60 "$R/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --dist uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf \
  --n 2049,3000,4864,1e4 --reps 10 -q --json "$OUT/dist-small.json"
part 40 "$R/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --n 1025,2049,3000,6000,7680,16384 --reps 20 -q --json "$OUT/off-grid.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitizer/device.log | sort | uniq -c
grep -E "PASSED|FAILED" "$L"
