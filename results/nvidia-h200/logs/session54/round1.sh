#!/usr/bin/env bash
# Session 54, round 1: the one-block path's larger shapes sorted by runs (small.cuh, `runs`: the working tree on
# 90e8099). Correctness first: every radix conformance case up to 70000 keys as the sample decides (auto), and with
# sorting by runs forced always and never; memcheck, synccheck and racecheck of the path forced always and as it
# falls (auto). Then the same build alternated twice with GSB_RADIX_SMALL_RUNS=never (the block sort alone, as
# main) and auto, cub-radix in each run: every key type and value mode from 1025 to 16384 keys (uniform), and
# every distribution at 4864 and 16384.
set -u
source scripts/device-round.sh
R=$(unpack .carry/runs.tar.xz)
part 150 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_CONFORMANCE_MAX_N=70000 \
  GSB_PARTS='^conformance \(GPU\)|^conformance \(radix one block' bash .carry/device-run.sh .carry/runs.tar.xz "$OUT/conformance"
part 150 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_PARTS='^compute-sanitizer .*\(radix one block' \
  GSB_PART_TIMEOUT=70 bash .carry/device-run.sh .carry/runs.tar.xz "$OUT/sanitizer"
for round in a b; do
  for mode in never auto; do
    part 45 env GSB_RADIX_SMALL_RUNS=$mode "$R/gpusort-bench" --algo radix,cub-radix --type u8,u16,u32,i32,f32,u64,i64,f64 \
      --values none,u32,u64 --n 1025,2049,3000,4864,6000,7680,1e4,16384 --reps 20 -q --json "$OUT/small-$mode-$round.json"
  done
done
for mode in never auto; do
  part 40 env GSB_RADIX_SMALL_RUNS=$mode "$R/gpusort-bench" --algo radix,cub-radix --type u8,u16,u32,i32,f32,u64 \
    --values none,u32 --dist sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf \
    --n 4864,16384 --reps 10 -q --json "$OUT/dist-$mode.json"
done
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitizer/device.log | sort | uniq -c
grep -E "FAILED|failed" "$OUT"/conformance/device.log | head -20
