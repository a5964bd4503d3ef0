#!/usr/bin/env bash
# Session 57, round 4: (1) the hybrid path's bucket sorts write keys back decoded by the cheapest form of the codec
# (`xor`: signed integers one XOR a key, with_decoder; the select by the top bit before), alternated twice against
# main (`head`, 5a548b2's device code), cub-radix in every run; the hybrid path's conformance parts of `xor`;
# (2) where the warp bucket sort's and the second MSD pass's instructions go (u32 keys at 1e7, ncu source counters
# and warp states, main).
set -u
source scripts/device-round.sh
BUILDS=""
for b in head xor; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
H=${BUILDS#*head=}; H=${H%% *}
alternate 40 keys --algo radix,cub-radix --type u32,i32,f32 --n 2^22,1e7,2^24 --reps 10 -q
alternate 40 more --algo radix,cub-radix --type i32,i64 --values none,u32 --n 1e7 --reps 10 -q
part 150 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/xor.tar.xz "$OUT/conformance"
part 90 ncu -k regex:warp_bucket --launch-count 1 --section SourceCounters --section WarpStateStats \
  --section SpeedOfLight --section LaunchStats --section Occupancy --warp-sampling-interval 0 -o "$OUT/warp" \
  "$H/gpusort-bench" --algo radix --type u32 --n 1e7 --reps 1 --warmup 0 --validate none -q
part 30 bash -c "ncu -i $OUT/warp.ncu-rep --page source --csv --print-source sass > $OUT/warp-sass.csv; ncu -i $OUT/warp.ncu-rep --page details > $OUT/warp-details.txt"
part 90 ncu -k regex:pass_kernel --launch-skip 1 --launch-count 1 --section SourceCounters --section WarpStateStats \
  --section SpeedOfLight --section Occupancy --warp-sampling-interval 0 -o "$OUT/pass2" \
  "$H/gpusort-bench" --algo radix --type u32 --n 1e7 --reps 1 --warmup 0 --validate none -q
part 30 bash -c "ncu -i $OUT/pass2.ncu-rep --page source --csv --print-source sass > $OUT/pass2-sass.csv; ncu -i $OUT/pass2.ncu-rep --page details > $OUT/pass2-details.txt; rm -f $OUT/*.ncu-rep"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "PASSED|FAILED" "$OUT"/conformance/device.log | sort | uniq -c
