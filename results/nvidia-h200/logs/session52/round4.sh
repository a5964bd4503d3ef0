#!/usr/bin/env bash
# Session 52, round 4: the landed build (`r2`, 17573d3's device code: the 16-bit histogram in clusters of two blocks,
# a word a thread in rounds of the block). The parts test and every radix conformance part; the forced hybrid path
# and counting sort without clusters (GSB_CLUSTER_LAUNCH=0); memcheck and synccheck of every forced hybrid part and
# the counting sort, racecheck of both; the same device code built as compute_80 PTX only (`sm80`, GSB_ARCH=80: no
# cluster instructions, every block flushes its own) over the forced hybrid path and counting sort; then the grid's
# rows at 1e7 and 2^24 (and the counting sort's at 1e8), and 2^22 and 6e6 off the grid, cub-radix in each run.
set -u
source scripts/device-round.sh
R=$(unpack .carry/r2.tar.xz)
P8=$(unpack .carry/sm80.tar.xz)
part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix|^radix pass parts' \
  bash .carry/device-run.sh "$R" "$OUT/conformance"
part 40 env GSB_CLUSTER_LAUNCH=0 GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
  GSB_PARTS='^conformance \(radix (hybrid path from|counting)' bash .carry/device-run.sh "$R" "$OUT/conformance-alone"
part 220 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix (hybrid|counting)|^compute-sanitizer racecheck \(radix (hybrid|counting)\)' \
  GSB_PART_TIMEOUT=200 bash .carry/device-run.sh "$R" "$OUT/sanitizer"
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none:*/radix_u16_*'
part 60 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 "$P8/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 env GSB_ARCH=80 GSB_RADIX_COUNTING_MIN_N=2 "$P8/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u8_none:*/radix_u16_none'
part 90 "$R/gpusort-bench" --algo radix,cub-radix --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 \
  --n 1e7,2^24 --reps 10 -q --json "$OUT/radix-grid.s52-final.json"
part 40 "$R/gpusort-bench" --algo radix,cub-radix --type u8,u16 --n 1e8 --reps 10 -q \
  --json "$OUT/radix-grid.s52-counting-1e8.json"
part 30 "$R/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,f64 --n 2^22,6e6 --reps 10 -q \
  --json "$OUT/off-grid.json"
# Where the timed sort's microseconds go at 1e7 (the histogram 5 us faster under ncu, the sort 2 us): a trace of the
# GPU's operations and the host's API calls, if nsys is there.
if command -v nsys >/dev/null; then
  part 60 nsys profile -o "$OUT/trace-u32-1e7" --force-overwrite true -t cuda "$R/gpusort-bench" --algo radix \
    --type u32 --n 1e7 --reps 5 --warmup 1 --validate none -q
  part 30 bash -c "nsys stats -q --report cuda_gpu_trace,cuda_api_trace --format csv -o '$OUT/trace-u32-1e7' \
    '$OUT/trace-u32-1e7.nsys-rep' >/dev/null; ls -la '$OUT'"
else
  echo "=== no nsys" | tee -a "$L"
fi
grep -E "^=== |^rc=" "$L" | cut -c1-140
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance*/device.log "$OUT"/sanitizer/device.log | sort | uniq -c
grep -E "PASSED|FAILED" "$L"
