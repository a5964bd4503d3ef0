#!/usr/bin/env bash
# Planned for session 63 (not run). Needs .carry/main.tar.xz (scripts/pack-build.sh build/release main, from the head).
# Where the two-buffer bucket sort of u32+u32 at 1e8 spends its instructions and stalls (the grid's 1e8 pairs,
# 1.32x; session 62 round 7 did the same for the 512-thread in-place kernel at 1e9: 4.9 warp instructions a pair,
# half its shared wavefronts excessive, NOTES.md round 46), and the first MSD pass of the same sort beside it, to
# choose between a cheaper ranking in the bucket sort and the passes' look-back as the next target for pairs.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 120 ncu -k regex:bucket_sort_kernel --launch-count 1 --section SourceCounters --section WarpStateStats \
  --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --warp-sampling-interval 0 \
  -o "$OUT/twobuf" "$M/gpusort-bench" --algo radix --type u32 --values u32 --n 1e8 --reps 1 --warmup 0 \
  --validate none -q
part 120 ncu -k regex:pass_kernel --launch-count 1 --section SourceCounters --section WarpStateStats \
  --section SpeedOfLight --section MemoryWorkloadAnalysis --warp-sampling-interval 0 -o "$OUT/pass1" \
  "$M/gpusort-bench" --algo radix --type u32 --values u32 --n 1e8 --reps 1 --warmup 0 --validate none -q
part 60 bash -c "for r in twobuf pass1; do ncu -i $OUT/\$r.ncu-rep --page source --csv --print-source sass > $OUT/\$r-sass.csv; ncu -i $OUT/\$r.ncu-rep --page details > $OUT/\$r-details.txt; done; rm -f $OUT/*.ncu-rep"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "Duration|Warp Cycles Per Issued|Throughput|Excessive|Theoretical Occupancy" "$OUT"/*-details.txt | head -40
