#!/usr/bin/env bash
# Session 95, round 1 on an H200 (kind nvidia-h200 with needs_h200; issue 19): session 94's msd form of the segment
# sort (NOTES.md round 84), first run of 703d0b1 (its msd kernel scans its sub-bucket counts with warp_scan_counts).
# One build (.carry/s95.tar.xz: build/release of 703d0b1, CUDAARCHS=90-real, tools on). `old` is the same build with
# the blocks form forced (GSB_RADIX_SEGMENT_FORM=blocks: session 93's path -- the 512 x 34 block sort to 4.32e6, the
# second pass past it), `new` the build as it runs (msd to about 6.13e6).
#  (1) the parts tests of the segment histogram and of each form's kernel; the radix conformance of 4-byte pairs
#      with the segment sort forced from n = 2 in each form, and as it falls; memcheck and racecheck of the forced msd
#      form;
#  (2) old and new in turn, twice, cub-radix in every run, validated: u32/i32/f32 with u32 values from 2^22 to 7e6;
#      other distributions at 2^22 and 5e6; keys alone and pairs at 1e7;
#  (3) the grid's 2^22 cells of 4-byte pairs and the new window at 5e6 and 6e6 (5 repetitions, validated);
#  (4) tools/radix_bench segments at 2^22 and 6e6: the two forms' blocks alone.
set -u
LIMIT=${LIMIT:-330}
. scripts/device-round.sh
B=$(unpack .carry/s95.tar.xz)
A=$(mktemp -d)
printf '#!/bin/sh\nGSB_RADIX_SEGMENT_FORM=blocks exec %s/gpusort-bench "$@"\n' "$B" >"$A/gpusort-bench" && chmod +x "$A/gpusort-bench"
F=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2)
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
part 20 "$B/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 "--gtest_filter=*Segment*"
part 30 "${F[@]}" "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
part 30 "${F[@]}" GSB_RADIX_SEGMENT_FORM=blocks "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
part 30 "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
part 40 "${F[@]}" compute-sanitizer --tool memcheck --error-exitcode 9 "$B/gpusort-bench" --algo radix --type u32,f32 \
  --values u32 --order asc,desc --dist uniform,sorted,few-unique,zipf --n 2,33,3000,17409,70000 --warmup 0 --reps 1 -q \
  --json "$OUT/msd-memcheck.json"
part 40 "${F[@]}" compute-sanitizer --tool racecheck --error-exitcode 9 "$B/gpusort-bench" --algo radix --type u32 \
  --values u32 --order asc,desc --dist uniform,few-unique,zipf --n 33,20000,70000 --warmup 0 --reps 1 -q \
  --json "$OUT/msd-racecheck.json"
BUILDS="old=$A new=$B"
alternate 20 w --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 4194304,4.4e6,5e6,6e6,6.1e6,7e6 --reps 10 -q
alternate 15 d --algo radix,cub-radix --type u32 --values u32 --n 4194304,5e6 --dist sorted,few-unique,zipf \
  --reps 10 -q
part 20 "$B/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,5e6,6e6 --reps 5 -q \
  --json "$OUT/radix-grid.s95-window.json"
part 25 "$B/tools/radix_bench" segments 4194304,6000000 10
summary radix cub-radix
