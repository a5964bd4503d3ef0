#!/usr/bin/env bash
# Session 59, round 3: 4-byte keys alone in the in-place bucket sorts (u32 keys alone past about 7.5e8) sort a bucket
# in two MSD rounds, both counting sorts by atomics: by bits 8..15 over the block, then each run by bits 0..7 by one
# warp, written straight out (bucket_msd_runs, bucket_sort_run), in place of the second LSD round ranked by ballots.
# `msd` (round 2's `pf` + that) against `pf`, the prefetch distance (GSB_X_BUCKET_PREFETCH_PER_8) 0, 4 and 8 eighths
# of a wave; unvalidated timing runs, 3 repetitions, cub-radix in every run. Then validated runs of `msd` (u32
# f32 past 1e9); the hybrid path's conformance parts; memcheck and synccheck of its forced in-place shapes; racecheck
# of the 1024-thread and 44-row in-place kernels through the tool.
set -u
source scripts/device-round.sh
P=$(unpack .carry/pf.tar.xz)
M=$(unpack .carry/msd.tar.xz)
for round in a b; do
  for v in pf-4 msd-0 msd-4 msd-8; do
    [ "$round" = b ] && [ "$v" = msd-8 ] && continue
    b=${v%-*}; d=${v#*-}; B=$P; [ "$b" = msd ] && B=$M
    part 60 env GSB_X_BUCKET_PREFETCH_PER_8=$d "$B/gpusort-bench" --algo radix,cub-radix --type u32 \
      --n 1e9,1.5e9,2^31 --reps 3 --validate none -q --json "$OUT/big-$v-$round.json"
  done
done
part 70 "$M/gpusort-bench" --algo radix,cub-radix --type u32 --n 1.5e9,1.8e9,2^31 --reps 3 -q \
  --json "$OUT/msd-validated.json"
part 80 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/msd.tar.xz "$OUT/conformance"
part 120 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck racecheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid, (in-place buckets of 44 rows|1024-thread in-place buckets)\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh .carry/msd.tar.xz "$OUT/sanitizer"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
