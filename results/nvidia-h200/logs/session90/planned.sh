#!/usr/bin/env bash
# Planned in session 90 (issue 19, radix; no device was lent that session): the first GPU run of the landed segment
# sort (3b07afd, a806c92: 4-byte keys with 4-byte values, each top-8-bit bucket one 512 x 34 block after the first
# MSD pass, from 2^22 to about 4.32e6 keys), which ran only in its experiment form (H100, session 89 round 4).
# Call with kind nvidia-h200 and needs_h200, carrying .carry/s90.tar.xz (scripts/pack-build.sh build/release s90,
# CUDAARCHS=90-real, from the commit that adds this file or a later one whose radix code is the same):
# (1) its checks forced from n = 2 (GSB_RADIX_SEGMENT_SORT_MIN_N with GSB_RADIX_HYBRID_MIN_N): the radix conformance
#     of u32, i32 and f32 keys with u32 values; memcheck, racecheck and synccheck from 2 keys (one block holding
#     both) to 70000 (buckets of about 273 pairs), the sample's verdicts on the skewed ones included; and memcheck
#     as the window falls at its last n (uniform buckets of about 16880 pairs, the largest near the block's 17408);
# (2) the window off (GSB_RADIX_SEGMENT_SORT_MIN_N past n) against on, twice, cub-radix in every run, at 2^22 and
#     4.3e6, validated; (3) the grid's 2^22 cells of 4-byte keys with u32 values, validated, for the heat map
#     (results/nvidia-h200/radix-grid.s90-2p22.json); (4) the segment sort's block alone in other shapes
#     (tools/radix_bench segments, built with `cmake --build build/release --target radix_bench` before packing):
#     ns a pair an SM of 512 x 34 at one block an SM against 512 x 10, 256 x 20 and 384 x 14 at two and 256 x 10 at
#     four, the measurement NOTES.md's session 90 entry asks for before an 11-bit first pass is built.
set -u
source scripts/device-round.sh
A=$(unpack .carry/s90.tar.xz)
F=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2)
part 60 "${F[@]}" "$A/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
C=(--algo radix --type u32,f32 --values u32 --order asc,desc --dist uniform,sorted,few-unique,zipf --warmup 0 --reps 1 -q)
for tool in memcheck synccheck; do
  part 60 "${F[@]}" compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 20 "$A/gpusort-bench" "${C[@]}" \
    --n 2,33,3000,17409,70000 --json "$OUT/seg-$tool.json"
done
# (racecheck of C's 48 cases at 2, 3000 and 70000 ran past 60 s on the H100, session 90 round 79: uniform keys only)
part 90 "${F[@]}" compute-sanitizer --tool racecheck --error-exitcode 9 --print-limit 20 "$A/gpusort-bench" \
  --algo radix --type u32,f32 --values u32 --order asc,desc --dist uniform --warmup 0 --reps 1 -q --n 2,3000,20000 \
  --json "$OUT/seg-racecheck.json"
part 40 compute-sanitizer --tool memcheck --error-exitcode 9 --print-limit 20 "$A/gpusort-bench" --algo radix \
  --type u32 --values u32 --n 4321280 --warmup 0 --reps 1 -q --json "$OUT/seg-memcheck-last.json"
T=(--algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,4.3e6 --reps 10 -q)
for round in a b; do
  part 25 env GSB_RADIX_SEGMENT_SORT_MIN_N=100000000 "$A/gpusort-bench" "${T[@]}" --json "$OUT/t-off-$round.json"
  part 25 "$A/gpusort-bench" "${T[@]}" --json "$OUT/t-on-$round.json"
done
part 30 "$A/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22 --reps 5 -q \
  --json "$OUT/radix-grid.s90-2p22.json"
part 60 "$A/tools/radix_bench" segments 4194304,1e7 10
summary radix cub-radix t-
