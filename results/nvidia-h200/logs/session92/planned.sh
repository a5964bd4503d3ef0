#!/usr/bin/env bash
# Planned in session 91 (issue 19, radix; no device machine was lent that session): the first GPU run of branch
# radix-s91-histograms. Three builds (scripts/pack-build.sh, CUDAARCHS=90-real): `old` (.carry/s90.tar.xz, main's
# radix code, c376c5e's), `seg` (.carry/s91.tar.xz, e038dc1: 4-byte pairs in the segment sort's window, 2^22 to about
# 4.32e6, counted by their top 8 bits alone, segment_histogram_kernel, the first pass enqueued before either verdict)
# and `rows` (.carry/s92.tar.xz, the branch's head: also the 16-bit histogram's clusters writing their counts as rows
# of 16-bit fields, which the plan adds up, in place of 2.1 million 64-bit atomics). Call with kind nvidia-h200 and
# needs_h200, carrying the three and this script (copied under .carry/).
# (1) checks of `rows`: the radix parts test (the segment histogram's counts and verdicts; the wrap past 2^32); the
#     radix conformance of every 4- and 8-byte type with the hybrid path from n = 2 (the 16-bit histogram's rows); of
#     u32, i32 and f32 keys with u32 values with the window from n = 2, as the sample judges and with its verdict off
#     (GSB_RADIX_LARGE_BUCKETS_BY=passes: the 16-bit histogram after the first pass, then the plan and the rest);
#     memcheck and synccheck of those, racecheck of the three verdicts; memcheck at the window's last n, uniform and
#     few-unique, both verdicts; `seg`'s window conformance;
# (2) old, seg and rows alternated twice: the window's uniform cells, every other distribution at 2^22 and 4.3e6, and
#     keys past the window;
# (3) ncu of seg and old at 2^22 (u32+u32) and of rows and seg at 1e7; the grid's 2^22 cells of 4-byte pairs from
#     seg (radix-grid.s92-2p22.json; session 92 on an H200, after round 1 on an H100).
set -u
source scripts/device-round.sh
O=$(unpack .carry/s90.tar.xz)
S=$(unpack .carry/s91.tar.xz)
N=$(unpack .carry/s92.tar.xz)
part 90 "$N/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 "--gtest_filter=*Segment*:*Sample*:*Wrap*"
part 90 env GSB_RADIX_HYBRID_MIN_N=2 "$N/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
F=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2)
P=(GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 GSB_RADIX_LARGE_BUCKETS_BY=passes)
G="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
part 60 "${F[@]}" "$N/tests/gsb_conformance" --gtest_brief=1 "$G"
part 60 "${F[@]}" "${P[@]}" "$N/tests/gsb_conformance" --gtest_brief=1 "$G"
part 60 "${F[@]}" "$S/tests/gsb_conformance" --gtest_brief=1 "$G"
C=(--algo radix --type u32,f32 --values u32 --order asc,desc --warmup 0 --reps 1 -q)
D=uniform,sorted,few-unique,all-equal,zipf,entropy-0.811,entropy-0.201
for tool in memcheck synccheck; do
  part 40 "${F[@]}" compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 20 "$N/gpusort-bench" "${C[@]}" \
    --dist $D --n 2,33,3000,17409,70000 --json "$OUT/seg-$tool.json"
  part 40 "${F[@]}" "${P[@]}" compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 20 "$N/gpusort-bench" \
    "${C[@]}" --dist $D --n 3000,70000 --json "$OUT/seg-$tool-passes.json"
  part 40 compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 20 "$N/gpusort-bench" --algo radix \
    --type u32,u64 --values none,u32 --dist uniform,zipf --n 5e6 --warmup 0 --reps 1 -q --json "$OUT/rows-$tool.json"
done
part 60 "${F[@]}" compute-sanitizer --tool racecheck --error-exitcode 9 --print-limit 20 "$N/gpusort-bench" "${C[@]}" \
  --dist uniform,all-equal --n 2,3000,20000 --json "$OUT/seg-racecheck.json"
part 60 "${F[@]}" "${P[@]}" compute-sanitizer --tool racecheck --error-exitcode 9 --print-limit 20 "$N/gpusort-bench" \
  "${C[@]}" --dist all-equal --n 3000,20000 --json "$OUT/seg-racecheck-passes.json"
part 40 compute-sanitizer --tool memcheck --error-exitcode 9 --print-limit 20 "$N/gpusort-bench" --algo radix \
  --type u32 --values u32 --dist uniform,few-unique --n 4321280 --warmup 0 --reps 1 -q --json "$OUT/seg-memcheck-last.json"
part 40 env "${P[@]}" compute-sanitizer --tool memcheck --error-exitcode 9 --print-limit 20 "$N/gpusort-bench" \
  --algo radix --type u32 --values u32 --dist few-unique --n 4321280 --warmup 0 --reps 1 -q \
  --json "$OUT/seg-memcheck-last-passes.json"
BUILDS="old=$O seg=$S rows=$N"
alternate 25 win --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,3e6,4.3e6,4.4e6 --reps 10 -q
alternate 40 dists --algo radix,cub-radix --type u32,f32 --values u32 --n 2^22,4.3e6 \
  --dist sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.201,zipf --reps 10 -q
alternate 25 normal --algo radix,cub-radix --type f32 --values u32 --n 2^22,4.3e6 --dist normal --reps 10 -q
alternate 40 past --algo radix,cub-radix --type u32,u64 --values none,u32 --n 2^22,1e7,2^24,3e7 --reps 10 -q
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,sm__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size
profile seg-2p22 60 "$S" --metrics "$M" -- --algo radix --type u32 --values u32 --n 2^22
profile old-2p22 60 "$O" --metrics "$M" -- --algo radix --type u32 --values u32 --n 2^22
profile rows-1e7 60 "$N" --metrics "$M" -- --algo radix --type u32 --values u32 --n 1e7
profile seg-1e7 60 "$S" --metrics "$M" -- --algo radix --type u32 --values u32 --n 1e7
part 30 "$S/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22 --reps 5 -q \
  --json "$OUT/radix-grid.s92-2p22.json"
summary radix cub-radix
# (4) session 92: the landed tree (main 65971c0's device code, seg's) built for compute_80 PTX (build/ptx80, packed as
#     .carry/ptx80-s92.tar.xz), JIT-compiled by the driver and run with GSB_ARCH=80: the segment sort's window forced
#     from n = 2 as the sample judges and with its verdict off, memcheck over three distributions, u32+u32 at 2^22 and
#     4.3e6 validated.
if [ -f .carry/ptx80-s92.tar.xz ]; then
  X=$(unpack .carry/ptx80-s92.tar.xz)
  A=(env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2)
  part 120 "${A[@]}" "$X/tests/gsb_conformance" --gtest_brief=1 "$G"
  part 120 "${A[@]}" "${P[@]}" "$X/tests/gsb_conformance" --gtest_brief=1 "$G"
  part 60 "${A[@]}" compute-sanitizer --tool memcheck --error-exitcode 9 --print-limit 20 "$X/gpusort-bench" "${C[@]}" \
    --dist uniform,few-unique,all-equal --n 2,3000,17409,70000 --json "$OUT/ptx80-seg-memcheck.json"
  part 60 env GSB_ARCH=80 "$X/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 \
    --dist uniform,few-unique --n 2^22,4.3e6 --reps 10 -q --json "$OUT/ptx80-seg.json"
  summary radix cub-radix ptx80-seg
fi
