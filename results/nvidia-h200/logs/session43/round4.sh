#!/usr/bin/env bash
# Session 43, round 4: round 3's graph lost (uniform keys 10-15 us slower, skewed ones no faster than the mark
# polled on the stream), so the build here keeps the front on the stream, with the sample's mark polled in mapped
# memory, and adds warp-aggregated atomics to the sample (skewed keys put most of its 16384 samples in one bin,
# each an atomic on one address). Against main in one run, in turn twice; then its correctness where it changed.
# Carry .carry/main.tar.xz and .carry/mark.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
K=$(unpack .carry/mark.tar.xz)
args=(--algo radix,radix-lsd,cub-radix --type u32,i32 --values none,u32 --n 4194304,9e6,1.2e7,2^24,2.6e7
  --dist uniform,entropy-0.201,zipf,few-unique --reps 5 -q)
args8=(--algo radix,radix-lsd,cub-radix --type u64 --values none,u64 --n 2^21,2^22,1e7
  --dist uniform,entropy-0.201,zipf --reps 5 -q)
for round in a b; do
  part 60 "$M/gpusort-bench" "${args[@]}" --json "$OUT/main-$round.json"
  part 60 "$K/gpusort-bench" "${args[@]}" --json "$OUT/mark-$round.json"
done
part 40 "$M/gpusort-bench" "${args8[@]}" --json "$OUT/main8.json"
part 40 "$K/gpusort-bench" "${args8[@]}" --json "$OUT/mark8.json"
part 300 env GSB_SKIP_BENCH=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_SANITIZE_PART=forced \
  GSB_PARTS='^conformance \(GPU\)|hybrid path from n = 2|compute-sanitizer [a-z]+ \(radix hybrid\)$' \
  bash scripts/device-run.sh "$K" "$OUT/checks"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -20
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|rc=" "$OUT/checks/device.log" | tail -30
