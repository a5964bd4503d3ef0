#!/usr/bin/env bash
# Session 96, round 3 on an H200 (kind nvidia-h200 with needs_h200; issue 19): sessions 94-96's segment sort on the
# H200 in one call, in place of the rounds planned before it (session95/round1.sh, round2.sh, and session 96's round
# 2, run on an H100: results/nvidia-h100/logs/session96/round3.sh) when little device time was left. Builds: `new` = .carry/s96p.tar.xz (main's device code since
# 328ddb1: the msd form, its smaller block to 4.32e6, the 16-bit histogram beside the first pass's last wave; JSON
# reads 35b1dd6-dirty), `msd24` = .carry/s95.tar.xz (703d0b1: the msd form's 1024 x 24 block alone), `blocks` = new
# with GSB_RADIX_SEGMENT_FORM=blocks (session 93's path: the 512 x 34 block sort to 4.32e6, the second pass past it).
#  (1) blocks, msd24 and new in turn, twice, cub-radix in every run, validated: u32/i32/f32 with u32 values at 2^22,
#      4.3e6, 5e6, 6e6, 7e6; sorted, few-unique and Zipf u32 pairs at 2^22 and 5e6;
#  (2) the grid's 2^22 cells of 4-byte pairs and 5e6, 6e6 from new (5 repetitions, validated);
#  (3) checks of new (its device code ran them on an H100 in rounds 86-88; here as far as LIMIT lets them): the
#      segment sort's parts tests, under memcheck, racecheck and synccheck; the radix conformance of u32, i32 and f32
#      keys with u32 values, the segment sort forced from n = 2 (msd, blocks, the verdict off) and as it falls, and
#      of every radix type; memcheck, synccheck and racecheck of the forced msd form.
set -u
LIMIT=${LIMIT:-480}
. scripts/device-round.sh
N=$(unpack .carry/s96p.tar.xz)
M=$(unpack .carry/s95.tar.xz)
K=$(mktemp -d)
printf '#!/bin/sh\nGSB_RADIX_SEGMENT_FORM=blocks exec %s/gpusort-bench "$@"\n' "$N" >"$K/gpusort-bench" && chmod +x "$K/gpusort-bench"
F=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2)
P=(GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 GSB_RADIX_LARGE_BUCKETS_BY=passes)
G="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
S="--gtest_filter=*Segment*"
BUILDS="blocks=$K msd24=$M new=$N"
alternate 12 w --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,4.3e6,5e6,6e6,7e6 --reps 10 -q
alternate 10 d --algo radix,cub-radix --type u32 --values u32 --n 2^22,5e6 --dist sorted,few-unique,zipf --reps 10 -q
part 25 "$N/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,5e6,6e6 --reps 5 -q \
  --json "$OUT/radix-grid.s96-2p22.json"
part 20 "$N/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 "$S"
part 40 compute-sanitizer --tool memcheck --error-exitcode 9 "$N/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 "$S"
part 50 compute-sanitizer --tool racecheck --error-exitcode 9 "$N/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 \
  "--gtest_filter=*SegmentSort*"
part 30 compute-sanitizer --tool synccheck --error-exitcode 9 "$N/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 \
  "--gtest_filter=*SegmentSort*"
part 20 "${F[@]}" "$N/tests/gsb_conformance" --gtest_brief=1 "$G"
part 20 "${F[@]}" GSB_RADIX_SEGMENT_FORM=blocks "$N/tests/gsb_conformance" --gtest_brief=1 "$G"
part 20 "${F[@]}" "${P[@]}" "$N/tests/gsb_conformance" --gtest_brief=1 "$G"
part 40 "$N/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_*"
C=(--algo radix --type u32,f32 --values u32 --order asc,desc --warmup 0 --reps 1 -q)
for tool in memcheck synccheck; do
  part 30 "${F[@]}" compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 20 "$N/gpusort-bench" "${C[@]}" \
    --dist uniform,sorted,few-unique,zipf --n 2,33,3000,17409,70000 --json "$OUT/msd-$tool.json"
done
part 30 "${F[@]}" compute-sanitizer --tool racecheck --error-exitcode 9 --print-limit 20 "$N/gpusort-bench" "${C[@]}" \
  --dist uniform,few-unique,zipf --n 33,20000,70000 --json "$OUT/msd-racecheck.json"
summary radix cub-radix
