#!/usr/bin/env bash
# Session 94, round 1 on an H200 (kind nvidia-h200 with needs_h200; issue 19): the segment sort's msd form (NOTES.md
# round 84) against `old` (.carry/s93.tar.xz: session 93's radix code, the blocks form to 4.32e6); `new` is
# .carry/s94b.tar.xz (build/release, CUDAARCHS=90-real; packed again from the commit after 83bec3c, whose msd kernel
# calls warp_scan_counts: its first GPU run is this call's parts tests, conformance and memcheck).
#  (1) the parts tests of the segment histogram and of each form's kernel; the radix conformance of 4-byte pairs
#      with the segment sort forced from n = 2 in each form, and as it falls;
#      memcheck of the forced msd form (u32 and f32 with u32 values, both orders, four distributions, 2 .. 70000);
#  (2) old and new in turn, twice, cub-radix in every run, validated: u32/i32/f32 with u32 values from 2^22 to 7e6,
#      other distributions at 2^22 and 5e6, keys past the window at 1e7;
#  (3) the grid's 2^22 cells of 4-byte pairs from new (5 repetitions, validated), and the new window at 5e6 and 6e6.
#  (4) tools/radix_bench segments (.carry/s94t.tar.xz: radix_bench and libgsb.so of build/release, the path's code
#      as new's) at 2^22 and 6e6: the two forms' blocks alone.
#  (compute_80 PTX ran on an H100: results/nvidia-h100/logs/session94/round5.sh.)
set -u
LIMIT=${LIMIT:-260}
. scripts/device-round.sh
A=$(unpack .carry/s93.tar.xz)
B=$(unpack .carry/s94b.tar.xz)
F=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2)
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
part 20 "$B/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 "--gtest_filter=*Segment*"
part 40 "${F[@]}" "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
part 40 "${F[@]}" GSB_RADIX_SEGMENT_FORM=blocks "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
part 40 "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
part 40 "${F[@]}" compute-sanitizer --tool memcheck --error-exitcode 9 "$B/gpusort-bench" --algo radix --type u32,f32 \
  --values u32 --order asc,desc --dist uniform,sorted,few-unique,zipf --n 2,33,3000,17409,70000 --warmup 0 --reps 1 -q \
  --json "$OUT/msd-memcheck.json"
BUILDS="old=$A new=$B"
alternate 25 w --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 4194304,4.3e6,4.4e6,5e6,6e6,6.1e6,7e6 \
  --reps 10 -q
alternate 25 d --algo radix,cub-radix --type u32 --values u32 --n 4194304,5e6 --dist sorted,few-unique,zipf,all-equal \
  --reps 10 -q
alternate 25 p --algo radix,cub-radix --type u32 --values none,u32 --n 1e7 --reps 10 -q
part 30 "$B/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,5e6,6e6 --reps 5 -q \
  --json "$OUT/radix-grid.s94-window.json"
T=$(mktemp -d) && tar -xJf .carry/s94t.tar.xz -C "$T"
part 40 "$T/tools/radix_bench" segments 4194304,6000000 10
summary radix cub-radix
