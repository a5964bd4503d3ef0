#!/usr/bin/env bash
# Session 60, round 1: the checks of the landed head (79e857c: the review mend 8fc9aef changed the prefetch's device
# code after session 59's last call) -- the hybrid path's conformance parts, memcheck and synccheck of its forced
# in-place shapes -- then session 59's planned ncu round (logs/session60-planned.sh): each bucket-sort kernel of
# `main` (the head) and `msd2` (the head + logs/session59/msd2.patch: the 1024-thread in-place kernel in two MSD
# counting-sort rounds) under ncu at 1.8e9 and 2^31, u32 keys alone, one repetition, no validation; then both builds'
# timings alternated twice with cub-radix (3 repetitions, unvalidated).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
D=$(unpack .carry/msd2.tar.xz)
part 90 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/main.tar.xz "$OUT/conformance"
part 40 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, .*in-place buckets.*)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh .carry/main.tar.xz "$OUT/sanitizer"
for b in main=$M msd2=$D; do
  for n in 1.8e9 2^31; do
    r="$OUT/${b%%=*}-${n/^/p}"
    part 60 ncu -k regex:bucket_sort_kernel --launch-count 2 --section SpeedOfLight --section WarpStateStats \
      --section SchedulerStats --section InstructionStats --section SourceCounters --section MemoryWorkloadAnalysis \
      -o "$r" "${b#*=}/gpusort-bench" --algo radix --type u32 --n "$n" --reps 1 --warmup 0 --validate none -q
    part 40 sh -c "ncu -i '$r.ncu-rep' --page details > '$r-details.txt'; \
      ncu -i '$r.ncu-rep' --page source --csv --print-source cuda > '$r-cuda.csv'; \
      ncu -i '$r.ncu-rep' --page source --csv --print-source sass > '$r-sass.csv'; rm -f '$r.ncu-rep'"
  done
done
BUILDS="main=$M msd2=$D"
alternate 45 big --algo radix,cub-radix --type u32 --n 1.8e9,2^31 --reps 3 --validate none -q
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
