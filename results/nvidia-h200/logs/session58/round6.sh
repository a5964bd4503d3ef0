#!/usr/bin/env bash
# Session 58, round 6: (1) keys alone whose rows have few digits (sorted-like input, the sample's verdict) take the
# stable segmented MSD passes, which kept the look-back in 3609da0: `claim2` has them claim their runs as well (after
# the ranking: claimed before it, the u32 kernel spilled 52 bytes), against `claim` (3609da0), alternated twice;
# the hybrid conformance parts, memcheck and synccheck of the forced hybrid path with `claim2`. (2) The grid's rows of
# keys alone with 3609da0 (uniform keys take the any-order passes, the same in both builds): 4- and 8-byte keys at
# 1e7, 2^24, 1e8, 2^27, 2^28 and 1e9, cub-radix in each run.
set -u
source scripts/device-round.sh
BUILDS=""
for b in claim claim2; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 40 rows --algo radix,cub-radix --type u32,u64 --dist sorted,reverse,nearly-sorted,uniform --n 1e7,1e8 \
  --reps 10 -q
part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/claim2.tar.xz "$OUT/conformance"
part 60 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, 128-thread buckets|, buckets past a block by passes)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh .carry/claim2.tar.xz "$OUT/sanitizer"
F=${BUILDS%% claim2=*}; F=${F#* claim=}
part 90 "$F/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,u64,i64,f64 --n 1e7,2^24,1e8,2^27,2^28 \
  --reps 10 -q --json "$OUT/radix-grid.s58-keys.json"
part 200 "$F/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,u64,i64,f64 --n 1e9 --reps 10 -q \
  --json "$OUT/radix-grid.s58-keys-1e9.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "PASSED|FAILED" "$OUT"/conformance/device.log | sort | uniq -c
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
