#!/usr/bin/env bash
# Session 42, seventh call (about 7 min): programmatic dependent launch in the hybrid path (histogram -> top counts ->
# plan, the first pass's portions -> the second pass -> each bucket-sort launch) and in the counting sort (histogram
# -> starts -> fill), as the LSD passes have had since session 41.
#  1. one build, GSB_DEPENDENT_LAUNCH=0 against the default, alternated twice, cub-radix in every run: the hybrid
#     path (u32, i32, u64 x none/u32/u64 at 2^22 ... 1e8) and the counting sort (u8, u16 at 2^20 ... 2^24);
#  2. device-run's conformance of every radix case and of the hybrid path forced from n = 2 (portions of 5 tiles:
#     dependents across portions) and the counting sort forced; memcheck and synccheck over both forced paths,
#     racecheck over the counting sort.
# Carry .carry/main.tar.xz (this build).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
for round in a b; do
  for pdl in 0 1; do
    GSB_DEPENDENT_LAUNCH=$pdl part 50 "$M/gpusort-bench" --algo radix,cub-radix --type u32,i32,u64 \
      --values none,u32,u64 --n 2^22,1e7,2^24,1e8 --reps 10 --json "$OUT/pdl-$pdl-$round.json" -q
    GSB_DEPENDENT_LAUNCH=$pdl part 30 "$M/gpusort-bench" --algo radix,cub-radix --type u8,u16 \
      --n 2^20,2^22,1e7,2^24 --reps 20 --json "$OUT/pdl-counting-$pdl-$round.json" -q
  done
done
GSB_CONFORMANCE_FILTER='*/radix_*' GSB_PARTS='conformance \((GPU|radix hybrid path|radix counting)|(memcheck|synccheck) \(radix (hybrid|counting)\)|racecheck \(radix counting\)' \
  GSB_SANITIZE_PART=forced GSB_SKIP_BENCH=1 timeout 260 bash scripts/device-run.sh .carry/main.tar.xz "$OUT/dr" \
  > "$OUT/dr.out" 2>&1
echo "=== device-run rc=$? ($(date -u +%T))" | tee -a "$L"
grep -h -A60 "=== summary" "$OUT"/dr/device.log | grep -v "skipped (GSB_PARTS)"
grep -h -E "ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" "$OUT"/dr/device.log | sort | uniq -c | tee -a "$L"
