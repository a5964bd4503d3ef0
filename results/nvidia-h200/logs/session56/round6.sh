#!/usr/bin/env bash
# Session 56, round 6 (diagnostic): where in the one-block kernel the fallback's 0.75-1.2 us go. Warp-state sampling
# (ncu's source counters, every 32 cycles) of the landed build's kernel for u32 entropy-0.544 at 4864 as the sample
# decides (`auto`) and forced never, and of cub-radix's single tile, exported per SASS instruction as CSV.
set -u
source scripts/device-round.sh
F=$(unpack .carry/final.tar.xz)
ncu --help | grep -E -A2 "print-source|--page|warp-sampling-interval" | head -30 >> "$L"
S='--section SourceCounters --section WarpStateStats --section LaunchStats --section SpeedOfLight --warp-sampling-interval 0'
for runs in auto never; do
  part 40 env GSB_RADIX_SMALL_RUNS=$runs ncu --cache-control all --clock-control none $S -k regex:small_sort \
    --launch-skip 3 --launch-count 1 -o "$OUT/$runs" "$F/gpusort-bench" --algo radix --type u32 --n 4864 \
    --dist entropy-0.544 --reps 5 -q
done
part 40 ncu --cache-control all --clock-control none $S -k regex:SingleTile --launch-skip 3 --launch-count 1 \
  -o "$OUT/cub" "$F/gpusort-bench" --algo cub-radix --type u32 --n 4864 --dist entropy-0.544 --reps 5 -q
for r in auto never cub; do
  part 30 sh -c "ncu -i $OUT/$r.ncu-rep --page source --csv --print-source sass > $OUT/$r-sass.csv"
  part 30 sh -c "ncu -i $OUT/$r.ncu-rep --page details --csv > $OUT/$r-details.csv"
  rm -f "$OUT/$r.ncu-rep"
done
ls -la "$OUT" >> "$L"
grep -E "^=== |^rc=" "$L" | cut -c1-160
