#!/usr/bin/env bash
# Session 94, round 3 (any H100 or H200; issue 19): the segment sort's msd form in the path (4-byte pairs' top-8-bit
# buckets one 1024 x 24 block each, placed by bits 16 .. 23 in shared memory, the sub-buckets sorted by warps; the
# window now to about 6.13e6 keys), against `old` (.carry/s93.tar.xz: main's radix code of session 93, the blocks
# form to 4.32e6). `new` is .carry/s94b.tar.xz (scripts/pack-build.sh of build/release, CUDAARCHS=90-real).
#  (1) radix_bench segments: the path's two forms alone, and the msd form's buckets of few keys (its block sort);
#  (2) the radix conformance of u32, i32 and f32 keys with u32 values: the segment sort forced from n = 2 in each
#      form (GSB_RADIX_SEGMENT_FORM), then as it falls;
#  (3) memcheck, synccheck and racecheck of the forced msd form (u32 and f32 with u32 values, both orders, uniform,
#      sorted, few-unique and Zipf), memcheck of the blocks form forced, memcheck as the window falls at 6.1e6;
#  (4) old and new in turn, twice, cub-radix in every run, validated: 4-byte pairs from 2^22 to 7e6, and other
#      distributions at 2^22 and 5e6.
set -u
LIMIT=${LIMIT:-580}
. scripts/device-round.sh
A=$(unpack .carry/s93.tar.xz)
B=$(unpack .carry/s94b.tar.xz)
part 40 "$B/tools/radix_bench" segments 4194304,6000000 10
F=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2)
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
part 60 "${F[@]}" "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
part 60 "${F[@]}" GSB_RADIX_SEGMENT_FORM=blocks "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
part 60 "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
S=(--algo radix --type u32,f32 --values u32 --order asc,desc --dist uniform,sorted,few-unique,zipf --warmup 0 --reps 1 -q)
for tool in memcheck synccheck; do
  part 60 "${F[@]}" compute-sanitizer --tool $tool --error-exitcode 9 "$B/gpusort-bench" "${S[@]}" \
    --n 2,33,3000,17409,70000 --json "$OUT/msd-$tool.json"
done
part 90 "${F[@]}" compute-sanitizer --tool racecheck --error-exitcode 9 "$B/gpusort-bench" "${S[@]}" \
  --n 33,3000,20000 --json "$OUT/msd-racecheck.json"
part 40 "${F[@]}" GSB_RADIX_SEGMENT_FORM=blocks compute-sanitizer --tool memcheck --error-exitcode 9 \
  "$B/gpusort-bench" "${S[@]}" --n 2,3000,17409,70000 --json "$OUT/blocks-memcheck.json"
part 30 compute-sanitizer --tool memcheck --error-exitcode 9 "$B/gpusort-bench" --algo radix --type u32 --values u32 \
  --n 6100000 --warmup 0 --reps 1 -q --json "$OUT/msd-memcheck-6.1e6.json"
BUILDS="old=$A new=$B"
alternate 25 w --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 4194304,4.3e6,4.4e6,5e6,6e6,6.1e6,7e6 \
  --reps 10 -q
alternate 25 d --algo radix,cub-radix --type u32 --values u32 --n 4194304,5e6 --dist sorted,few-unique,zipf,entropy-0.811 \
  --reps 10 -q
summary radix cub-radix
