#!/usr/bin/env bash
# Session 43, round 5: the build to land (round 4's, without the system fence after the sample's mark): against main
# on round 4's set, in turn twice; round 1's skewed set (every 4- and 8-byte type x none/u32/u64 near the hybrid
# thresholds) once; then its correctness where it changed (radix conformance, the hybrid path from n = 2, the
# sanitizers over it). Carry .carry/main.tar.xz and .carry/final.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
F=$(unpack .carry/final.tar.xz)
args=(--algo radix,radix-lsd,cub-radix --type u32,i32 --values none,u32 --n 9e6,1.2e7,2^24
  --dist uniform,entropy-0.201,zipf --reps 5 -q)
for round in a b; do
  part 40 "$M/gpusort-bench" "${args[@]}" --json "$OUT/main-$round.json"
  part 40 "$F/gpusort-bench" "${args[@]}" --json "$OUT/final-$round.json"
done
D=sorted,few-unique,entropy-0.811,entropy-0.201,zipf
part 120 "$F/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 --values none,u32,u64 \
  --n 4194304,6e6,9e6,1.2e7,2^24,2.6e7 --dist "$D" --reps 5 --json "$OUT/skew-4byte.json" -q
part 90 "$F/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,i64,f64 --values none,u32,u64 \
  --n 2^21,3e6,2^22,1e7,1.6e7 --dist "$D" --reps 5 --json "$OUT/skew-8byte.json" -q
part 230 env GSB_SKIP_BENCH=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_SANITIZE_PART=forced \
  GSB_PARTS='^conformance \(GPU\)|hybrid path from n = 2|compute-sanitizer [a-z]+ \(radix hybrid\)$' \
  bash scripts/device-run.sh "$F" "$OUT/checks"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -20
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|rc=" "$OUT/checks/device.log" | tail -30
