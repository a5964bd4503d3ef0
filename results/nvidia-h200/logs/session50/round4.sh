#!/usr/bin/env bash
# Session 50, round 4: 1325d8e (`main`): the 16-bit histogram sums its fields per top-8-bit bucket as it flushes them
# (no top_counts_kernel: the hybrid path and the u16 counting sort), the plan's largest buckets one atomic a block.
# Its radix conformance parts and forced radix parts under compute-sanitizer; then alternated twice against `base`
# (gpusort-bench and libgsb.so of 2af4ab4's radix sources, the thresholds of round 3, built in the same tree: its
# version line reads 1325d8e-dirty), cub-radix in every run.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix|^radix pass parts' \
  bash scripts/device-run.sh "$M" "$OUT/conformance"
part 170 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix|^compute-sanitizer racecheck \(radix (hybrid|counting)\)' \
  bash scripts/device-run.sh "$M" "$OUT/sanitize"
BUILDS="base=$(unpack .carry/base.tar.xz) main=$M"
alternate 60 fold --algo radix,cub-radix --type u16,u32,f32,u64 --n 2^22,1e7,2^24,1e8 --reps 10 -q
grep -E "^=== |^rc=" "$L" | cut -c1-140
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitize/device.log | sort | uniq -c
grep -hE "^(conformance|compute-sanitizer|radix pass)" "$OUT"/conformance/device.log "$OUT"/sanitize/device.log | grep -v "skipped" | grep "rc=" | cut -c1-100
