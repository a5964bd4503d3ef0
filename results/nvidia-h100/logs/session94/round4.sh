#!/usr/bin/env bash
# Session 94, round 4 (any H100 or H200; issue 19): round 3's checks again after its fix (the msd form's choice of the
# block sort read the sub-buckets' counts before every thread had added to them: racecheck's hazards and three failed
# Zipf cases at 70000, descending). .carry/s94b.tar.xz (build/release, CUDAARCHS=90-real).
#  (1) radix_bench segments at 6e6 (the 1024 x 32 shape failed there in round 3);
#  (2) the forced conformance of 4-byte pairs in each form, and memcheck of the quick conformance grid forced (msd);
#  (3) memcheck, synccheck and racecheck of the forced msd form over round 3's cases, racecheck also at 70000 (few-unique
#      and Zipf: the block sort inside the msd kernel).
set -u
LIMIT=${LIMIT:-500}
. scripts/device-round.sh
B=$(unpack .carry/s94b.tar.xz)
part 30 "$B/tools/radix_bench" segments 6000000 10
F=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2)
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
part 60 "${F[@]}" "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
part 60 "${F[@]}" GSB_RADIX_SEGMENT_FORM=blocks "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
part 100 "${F[@]}" GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 compute-sanitizer --tool memcheck \
  --error-exitcode 99 --print-limit 20 "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_f32_u32"
S=(--algo radix --type u32,f32 --values u32 --order asc,desc --dist uniform,sorted,few-unique,zipf --warmup 0 --reps 1 -q)
for tool in memcheck synccheck; do
  part 60 "${F[@]}" compute-sanitizer --tool $tool --error-exitcode 9 "$B/gpusort-bench" "${S[@]}" \
    --n 2,33,3000,17409,70000 --json "$OUT/msd-$tool.json"
done
part 90 "${F[@]}" compute-sanitizer --tool racecheck --error-exitcode 9 "$B/gpusort-bench" "${S[@]}" \
  --n 33,3000,20000 --json "$OUT/msd-racecheck.json"
part 90 "${F[@]}" compute-sanitizer --tool racecheck --error-exitcode 9 "$B/gpusort-bench" --algo radix --type u32 \
  --values u32 --order asc,desc --dist few-unique,zipf --n 70000 --warmup 0 --reps 1 -q --json "$OUT/msd-racecheck-70000.json"
summary radix cub-radix
