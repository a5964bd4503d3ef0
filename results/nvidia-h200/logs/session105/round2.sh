#!/usr/bin/env bash
# Session 105, round 2 on an H200 (kind nvidia-h200 with needs_h200; issue 19): round1.sh's parts in the order that
# matters when the device time left is short (about 500 s at the end of session 105): t384 against main on uniform
# pairs, p44's checks, p44 against t384 past 1e9, then skewed pairs and t384's validated grid cells. Same carries and
# builds as round1.sh (which see).
set -u
LIMIT=${LIMIT:-400}
. scripts/device-round.sh
M=$(unpack .carry/s104.tar.xz)
T=$(unpack .carry/t384.tar.xz)
Q=$(unpack .carry/p44.tar.xz)
BUILDS="main=$M t384=$T"
alternate 40 w --algo radix,cub-radix --type u32 --values u32 --n 2^22,1e7,2^24,1e8,2^28,1e9 --reps 5 --validate none -q
F=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=768-in-place-44)
part 20 "$Q/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 "--gtest_filter=*InPlaceBucketsSortPairs*"
part 30 "${F[@]}" "$Q/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
C=(--algo radix --type u32,f32 --values u32 --order asc,desc --warmup 0 --reps 1 -q)
for tool in memcheck synccheck; do
  part 25 "${F[@]}" compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 20 "$Q/gpusort-bench" "${C[@]}" \
    --dist uniform,sorted,few-unique,zipf --n 2,33,3000,17409,70000 --json "$OUT/p44-$tool.json"
done
part 25 "${F[@]}" compute-sanitizer --tool racecheck --error-exitcode 9 --print-limit 20 "$Q/gpusort-bench" "${C[@]}" \
  --dist uniform,few-unique --n 33,20000,70000 --json "$OUT/p44-racecheck.json"
BUILDS="t384=$T p44=$Q"
alternate 30 x --algo radix,cub-radix --type u32 --values u32 --n 1.2e9,2e9 --reps 3 --validate none -q
part 60 "$Q/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 --n 1.5e9 --reps 2 -q \
  --json "$OUT/valid-p44.json"
BUILDS="main=$M t384=$T"
alternate 15 d --algo radix,cub-radix --type u32 --values u32 --n 1e7,1e8 --dist zipf,entropy-0.201 --reps 5 \
  --validate none -q
part 60 "$T/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,1e7,2^24,1e8,2^28 \
  --reps 5 -q --json "$OUT/grid-t384.json"
part 40 "$T/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 --n 1e9 --reps 3 -q \
  --json "$OUT/grid-t384-1e9.json"
summary radix cub-radix
