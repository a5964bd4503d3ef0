#!/usr/bin/env bash
# Session 44, round 3 (about 7 min): the landed build (7d6ccb5: the digit passes let the next one in only as their
# blocks end). Its correctness where the pass kernel runs (radix and radix-lsd conformance, the hybrid path from
# n = 2, the counting sort from n = 2; compute-sanitizer over the hybrid path forced, radix-lsd's full tiles of one
# digit and the pass parts), then session 43 round 6's skewed set at 1e8 (README's distribution row): radix,
# radix-lsd and cub-radix in one run, 4-byte and 8-byte keys alone and with u32 values. Carry .carry/main.tar.xz.
set -u
source scripts/device-round.sh
F=$(unpack .carry/main.tar.xz)
part 300 env GSB_SKIP_BENCH=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_SANITIZE_PART=forced \
  GSB_PARTS='^conformance \(GPU\)|hybrid path from n = 2|counting sort from n = 2|compute-sanitizer [a-z]+ \(radix hybrid\)$|full tiles of one digit|radix pass parts' \
  bash scripts/device-run.sh "$F" "$OUT/checks"
D=entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
part 150 "$F/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 --values none,u32 --n 1e8 --dist "$D" \
  --reps 5 --json "$OUT/skewed-1e8-4byte.json" -q
part 120 "$F/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,i64 --values none,u32 --n 1e8 --dist "$D" \
  --reps 5 --json "$OUT/skewed-1e8-8byte.json" -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -8
grep -E "^=== |PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/checks/device.log" | tail -40
