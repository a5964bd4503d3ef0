#!/usr/bin/env bash
# Session 51, round 2: the bucket sort's later launches over the plan's list of the buckets past the first launch's
# bound (`list`, main's tree with that change; its version line reads 531aa12-dirty), against `base` (531ddee's code).
# Round 1: finite f32 keys' doubled buckets (1/256 of them) took a second warp launch of 16384 blocks, 24.9 us at 1e7
# and 28.2 at 2^24, the whole of f32's gap to u32. Checks first (the parts test with its listed launch, every radix
# conformance part, memcheck and synccheck of the forced radix parts), then alternated timings, cub-radix in each run.
set -u
source scripts/device-round.sh
N=$(unpack .carry/list.tar.xz)
B=$(unpack .carry/main.tar.xz)
part 60 "$N/tests/radix/gsb_radix_parts_tests"
GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix' part 120 bash .carry/device-run.sh \
  .carry/list.tar.xz "$OUT/conformance"
GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix hybrid' part 150 bash .carry/device-run.sh \
  .carry/list.tar.xz "$OUT/sanitizer"
BUILDS="base=$B list=$N"
alternate 40 keys --algo radix,cub-radix --type u32,f32 --n 2^22,1e7,2^24,1e8 --reps 10 -q
alternate 40 more --algo radix,cub-radix --type i32,f64 --values none,u32 --n 1e7,1e8 --reps 10 -q
alternate 30 skewed --algo radix,cub-radix --type u32,f32 --dist zipf,entropy-0.811 --n 1e7,1e8 --reps 10 -q
export GSB_RADIX_HYBRID_MIN_N=2
alternate 30 f32-forced --algo radix,radix-lsd --type f32 --n 2^22,6e6,8e6 --reps 10 -q
unset GSB_RADIX_HYBRID_MIN_N
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | cut -c1-160
grep -hE "PASSED|FAILED|ERROR SUMMARY|^ *(ok|FAIL|fail)" "$OUT"/conformance/device.log "$OUT"/sanitizer/device.log 2>/dev/null | sort | uniq -c | head -40
