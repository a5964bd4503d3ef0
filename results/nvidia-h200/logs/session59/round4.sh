#!/usr/bin/env bash
# Session 59, round 4: round 3's MSD rounds in the 1024-thread in-place kernel only (u32 keys alone past about 1.68e9;
# the 52-row kernel lost with them at 1.5e9), their count and place loops unrolled by 4 and the scan without the
# largest count (`msd2`), against round 2's `pf` (LSD rounds), with the prefetch distance (GSB_X_BUCKET_PREFETCH_PER_8)
# at 4 and 0 eighths of a wave; unvalidated timing runs at 1.8e9 and 2^31, 3 repetitions, cub-radix in every run,
# alternated twice. Then validated runs of pf at 4 and msd2 at 0 and 4; the hybrid path's conformance parts with msd2;
# memcheck and synccheck of its forced 1024-thread and 52-row in-place shapes.
set -u
source scripts/device-round.sh
P=$(unpack .carry/pf.tar.xz)
M=$(unpack .carry/msd2.tar.xz)
for round in a b; do
  for v in pf-4 msd2-0 msd2-4; do
    b=${v%-*}; d=${v#*-}; B=$P; [ "$b" = msd2 ] && B=$M
    part 45 env GSB_X_BUCKET_PREFETCH_PER_8=$d "$B/gpusort-bench" --algo radix,cub-radix --type u32 \
      --n 1.8e9,2^31 --reps 3 --validate none -q --json "$OUT/big-$v-$round.json"
  done
done
for v in pf-4 msd2-0 msd2-4; do
  b=${v%-*}; d=${v#*-}; B=$P; [ "$b" = msd2 ] && B=$M
  part 60 env GSB_X_BUCKET_PREFETCH_PER_8=$d "$B/gpusort-bench" --algo radix,cub-radix --type u32 --n 1.8e9,2^31 \
    --reps 3 -q --json "$OUT/validated-$v.json"
done
part 80 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/msd2.tar.xz "$OUT/conformance"
part 30 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid, (in-place buckets of 52 rows|1024-thread in-place buckets)\)$' \
  GSB_PART_TIMEOUT=20 bash .carry/device-run.sh .carry/msd2.tar.xz "$OUT/sanitizer"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
