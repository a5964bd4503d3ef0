#!/usr/bin/env bash
# Planned in session 38 (it had no device time), for the next session: branch packed-counts -- the 44-row in-place
# kernel (069ba7a, was 91adb8f) and the 52-row one with 16-bit counts (d8b0367), both two blocks per SM on Hopper -- against main,
# alternated in one call with cub-radix in every run; the two kernels forced against each other at 2^30; then the
# hybrid path's conformance parts and the new kernels' sanitizer parts on the branch's build. Carry both builds:
#   git worktree add ../wt-packed packed-counts; (cd ../wt-packed && CUDAARCHS=90-real scripts/build.sh)
#   scripts/pack-build.sh build/release main; scripts/pack-build.sh ../wt-packed/build/release packed
#   cp ../wt-packed/scripts/device-run.sh .carry/device-run-packed.sh    (the branch's parts for the new kernels)
set -u
source scripts/device-round.sh
A=$(unpack .carry/main.tar.xz)
B=$(unpack .carry/packed.tar.xz)
BUILDS="main=$A packed=$B"
# u32 keys: 1e9 (32 rows, unchanged), 2^30 (34 rows: the 44-row kernel), 1.5e9 (48 rows: the 52-row kernel).
alternate 70 r1 --algo radix,cub-radix --type u32 --n 1e9,2^30,1.5e9 --reps 5 -q
for rows in 44 52; do
  part 40 env GSB_RADIX_BUCKET_THREADS=512-in-place-$rows "$B/gpusort-bench" --algo radix --type u32,f32 --n 2^30 \
    --reps 5 --json "$OUT/r1-forced-$rows.json" -q
done
part 45 "$B/gpusort-bench" --algo radix,cub-radix --type i32,f32 --n 2^30,1.5e9 --reps 5 --json "$OUT/r1-packed-i32-f32.json" -q
# Correctness of the branch: every hybrid conformance part (the bucket sort's scans are one function now), the pass
# parts (the rank with 16-bit starts), then the sanitizers over the new kernels forced.
left=$((LIMIT - SECONDS + T0))
GSB_PARTS='radix hybrid|radix pass parts' GSB_SKIP_SANITIZER=1 GSB_SKIP_BENCH=1 timeout $((left * 5 / 10)) \
  bash .carry/device-run-packed.sh .carry/packed.tar.xz "$OUT/dr-tests" > "$OUT/dr-tests.out" 2>&1
echo "=== tests part rc=$? ($(date -u +%T))" | tee -a "$L"
left=$((LIMIT - SECONDS + T0))
GSB_PARTS='in-place buckets of|radix pass parts' GSB_SANITIZE_PART=forced GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 \
  timeout "$left" bash .carry/device-run-packed.sh .carry/packed.tar.xz "$OUT/dr-san" > "$OUT/dr-san.out" 2>&1
echo "=== sanitizer part rc=$? ($(date -u +%T))" | tee -a "$L"
grep -E "^=== |^rc=|^device|radix|cub-radix" "$L" | cut -c1-200 | tail -40
grep -h -A40 "=== summary" "$OUT"/dr-*/device.log
