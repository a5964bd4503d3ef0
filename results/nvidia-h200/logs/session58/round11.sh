#!/usr/bin/env bash
# Session 58, round 11 (for the next session): each kernel's time of one u32 sort at 2^31 (the 1024-thread in-place
# buckets, 1.41x) and the 16-bit histogram's source-level counters at 1e7 (35 us of the path's 228 under ncu), with
# the landed build (`final`, 0b5aeb2's device code), base clocks.
set -u
source scripts/device-round.sh
F=$(unpack .carry/final.tar.xz)
part 120 ncu --metrics gpu__time_duration.sum "$F/gpusort-bench" --algo radix --type u32 --n 2^31 --reps 1 --warmup 0 \
  --validate none -q
part 90 ncu -k regex:top16 --launch-count 1 --section SourceCounters --section WarpStateStats --section SpeedOfLight \
  --warp-sampling-interval 0 -o "$OUT/top16" "$F/gpusort-bench" --algo radix --type u32 --n 1e7 --reps 1 --warmup 0 \
  --validate none -q
part 60 sh -c "ncu -i '$OUT/top16.ncu-rep' --page source --csv --print-source sass > '$OUT/top16-sass.csv'; \
  ncu -i '$OUT/top16.ncu-rep' --page details > '$OUT/top16-details.txt'; rm -f '$OUT/top16.ncu-rep'"
grep -E "^=== |^rc=|  void |gpu__time_duration" "$L" | cut -c1-160
