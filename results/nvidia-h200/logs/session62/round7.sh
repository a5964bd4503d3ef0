#!/usr/bin/env bash
# Session 62, round 7 (for the next session): where the 512-thread in-place bucket sort of u32+u32 at 1e9 spends its
# instructions and stalls (the landed build, `land2`; ncu source counters and warp states sampled, the kernel's
# first launch), to choose what to change in it: it moves 16 B a pair at about 1.15 TB/s there (NOTES.md round 46).
set -u
source scripts/device-round.sh
M=$(unpack .carry/land2.tar.xz)
part 120 ncu -k regex:bucket_sort_kernel --launch-count 1 --section SourceCounters --section WarpStateStats \
  --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --warp-sampling-interval 2 -o "$OUT/inplace" \
  "$M/gpusort-bench" --algo radix --type u32 --values u32 --n 1e9 --reps 1 --warmup 0 --validate none -q
part 40 bash -c "ncu -i $OUT/inplace.ncu-rep --page source --csv --print-source sass > $OUT/inplace-sass.csv; ncu -i $OUT/inplace.ncu-rep --page details > $OUT/inplace-details.txt; rm -f $OUT/*.ncu-rep"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -E "Duration|Throughput|Warp Cycles|Issued|Occupancy|Stall|Bank|Registers" "$OUT/inplace-details.txt" | head -40
