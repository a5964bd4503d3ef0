#!/usr/bin/env bash
# Session 49, round 7: the landed build (`final` = 6861429: the hybrid path's own pass policy, 4- and 8-byte keys
# alone): radix conformance parts and the forced radix parts under compute-sanitizer; 8-byte keys on the inputs that
# take the stable MSD kernel (sorted, reverse, nearly sorted) or the LSD passes after the sample; the grid's
# keys-alone rows (every 4- and 8-byte type, 1e6 ... 2^28, 10 repetitions); 8-byte keys at 1e9 (5 repetitions).
set -u
source scripts/device-round.sh
F=$(unpack .carry/final.tar.xz)
part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix|^radix pass parts' \
  bash scripts/device-run.sh "$F" "$OUT/conformance"
part 160 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix|^compute-sanitizer racecheck \(radix (hybrid|counting)\)' \
  bash scripts/device-run.sh "$F" "$OUT/sanitize"
part 60 "$F/gpusort-bench" --algo radix,cub-radix --type u64,f64 --n 1e8 \
  --dist sorted,reverse,nearly-sorted,few-unique,zipf,entropy-0.811 --reps 10 -q --json "$OUT/dist-8byte.json"
part 150 "$F/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,u64,i64,f64 --n 1e6,1e7,2^24,1e8,2^27,2^28 \
  --reps 10 -q --json "$OUT/radix-grid.s49-keys.json"
part 100 "$F/gpusort-bench" --algo radix,cub-radix --type u64,i64,f64 --n 1e9 --reps 5 -q --json "$OUT/1e9-8byte.json"
grep -E "^=== |^rc=" "$L" | cut -c1-140
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitize/device.log | sort | uniq -c
grep -hE "^(conformance|compute-sanitizer|radix pass)" "$OUT"/conformance/device.log "$OUT"/sanitize/device.log | grep -v "skipped" | grep "rc=" | cut -c1-100
