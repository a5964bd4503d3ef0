#!/usr/bin/env bash
# Session 59, round 2: the in-place bucket sorts (one or two blocks an SM: u32 keys alone past about 7.5e8) pull the
# bucket of the block that many slots on into L2 when a block starts (bulk prefetch), so that the next wave's loads hit
# L2 while this wave sorts. `pf` (3af9ed8 + the prefetch; the distance in eighths of the resident blocks from
# GSB_X_BUCKET_PREFETCH_PER_8, a diagnostic: 0 none, 8 one wave, default 8), alternated twice over 0 / 8 / 4 / 16,
# unvalidated timing runs (3 repetitions, cub-radix in every run); then one validated run at 1.8e9 and 2^31; ncu of the
# 1024-thread kernel at 2^31 without and with the prefetch; the hybrid path's conformance parts and memcheck/synccheck
# of its forced in-place shapes, with the prefetch.
set -u
source scripts/device-round.sh
P=$(unpack .carry/pf.tar.xz)
for round in a b; do
  for d in 0 8 4 16; do
    part 40 env GSB_X_BUCKET_PREFETCH_PER_8=$d "$P/gpusort-bench" --algo radix,cub-radix --type u32 \
      --n 7.5e8,1e9,1.5e9,1.8e9,2^31 --reps 3 --validate none -q --json "$OUT/big-d$d-$round.json"
  done
done
part 80 "$P/gpusort-bench" --algo radix,cub-radix --type u32 --n 1.8e9,2^31 --reps 3 -q --json "$OUT/past-1.68e9.json"
for d in 0 8; do
  part 60 env GSB_X_BUCKET_PREFETCH_PER_8=$d ncu -k regex:bucket_sort_kernel --launch-count 1 --section SpeedOfLight \
    --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis --section Occupancy \
    "$P/gpusort-bench" --algo radix --type u32 --n 2^31 --reps 1 --warmup 0 --validate none -q
done
part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/pf.tar.xz "$OUT/conformance"
part 60 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, .*in-place buckets.*)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh .carry/pf.tar.xz "$OUT/sanitizer"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
