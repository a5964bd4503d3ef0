#!/usr/bin/env bash
# Session 94 on an H200, short form of round1.sh for the device time left (kind nvidia-h200 with needs_h200): the
# parts tests of the segment sort, the forced conformance of the msd form, old and new in turn, twice, over 4-byte
# pairs from 2^22 to 7e6, and the grid's 2^22 cells with 5e6 and 6e6 from new. Same carry as round1.sh.
set -u
LIMIT=${LIMIT:-90}
. scripts/device-round.sh
A=$(unpack .carry/s93.tar.xz)
B=$(unpack .carry/s94b.tar.xz)
part 15 "$B/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 "--gtest_filter=*Segment*"
part 20 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2 "$B/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
BUILDS="old=$A new=$B"
alternate 10 w --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 4194304,4.4e6,5e6,6e6,7e6 --reps 10 -q
part 15 "$B/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,5e6,6e6 --reps 5 -q \
  --json "$OUT/radix-grid.s94-window.json"
summary radix cub-radix
