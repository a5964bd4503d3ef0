#!/usr/bin/env bash
# Session 105, round 3 (kind nvidia-h200 with needs_h200, or nvidia-h100-x1; issue 19): with about 200 s of device
# time left, p44's checks first (the parts test of the in-place pair kernels, the forced conformance and memcheck),
# then t384 and p44 in turn, twice, at 1.2e9 u32+u32 (cub-radix in every run). Carries .carry/t384.tar.xz and
# .carry/p44.tar.xz (round1.sh says what they are).
set -u
LIMIT=${LIMIT:-200}
. scripts/device-round.sh
T=$(unpack .carry/t384.tar.xz)
Q=$(unpack .carry/p44.tar.xz)
F=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=768-in-place-44)
part 20 "$Q/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 "--gtest_filter=*InPlaceBucketsSortPairs*"
part 30 "${F[@]}" "$Q/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
part 25 "${F[@]}" compute-sanitizer --tool memcheck --error-exitcode 9 --print-limit 20 "$Q/gpusort-bench" \
  --algo radix --type u32,f32 --values u32 --order asc,desc --warmup 0 --reps 1 -q \
  --dist uniform,sorted,few-unique,zipf --n 2,33,3000,17409,70000 --json "$OUT/p44-memcheck.json"
BUILDS="t384=$T p44=$Q"
alternate 25 x --algo radix,cub-radix --type u32 --values u32 --n 1.2e9 --reps 3 --validate none -q
summary radix cub-radix
