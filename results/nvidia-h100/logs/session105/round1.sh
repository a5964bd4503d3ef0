#!/usr/bin/env bash
# Session 105, round 1 on an H100 (kind nvidia-h100-x1; issue 19), made while no H200 started.
# Carries .carry/t384.tar.xz (main's device code on sm_90 since a1a6828), .carry/p44.tar.xz (main with
# ../../../nvidia-h200/logs/session105/p44.patch: 4-byte pairs' buckets past the 768-thread kernel's 22 rows, 16896
# keys, sorted by that kernel with 44 rows, one block an SM, to 33792 keys, so that the hybrid path takes u32+u32 to
# about 2.1e9 keys where the LSD passes sorted them past about 1.04e9) and .carry/fb256.tar.xz (main with
# ../../../nvidia-h200/logs/session104/fb256.patch: the LSD passes the hybrid path hands skewed 4-byte pairs to back at
# 256 x 24 with 3 blocks; in session 104 384 x 24 made Zipf pairs 5 % faster and entropy-0.201 ones 2 % slower here).
#  (1) p44's checks: the parts test of the in-place pair kernels (the 44-row one on buckets of 16897-33792 keys); the
#      radix conformance of 4-byte keys with u32 values, the hybrid path forced from n = 2 with every bucket in the
#      44-row kernel; memcheck, synccheck and racecheck of that;
#  (2) t384 (the LSD passes there) and p44 in turn, twice, cub-radix in every run: u32+u32 at 1.2e9 and 2e9; p44
#      validated at 1.5e9 (u32 and f32 keys with u32 values) and at 1e9 (f32+u32: its doubled buckets now in the
#      44-row kernel, where one block each through global memory sorted them);
#  (3) t384 and fb256 in turn, twice, cub-radix in every run: u32+u32 Zipf, entropy-0.201, -0.544, -0.811 at 1e7, 1e8.
set -u
LIMIT=${LIMIT:-540}
. scripts/device-round.sh
T=$(unpack .carry/t384.tar.xz)
Q=$(unpack .carry/p44.tar.xz)
B=$(unpack .carry/fb256.tar.xz)
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
alternate 35 x --algo radix,cub-radix --type u32 --values u32 --n 1.2e9,2e9 --reps 3 --validate none -q
part 70 "$Q/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 --n 1.5e9 --reps 2 -q \
  --json "$OUT/valid-p44.json"
part 40 "$Q/gpusort-bench" --algo radix,cub-radix --type f32 --values u32 --n 1e9 --reps 3 -q \
  --json "$OUT/valid-p44-f32-1e9.json"
BUILDS="t384=$T fb256=$B"
alternate 20 d --algo radix,cub-radix --type u32 --values u32 --n 1e7,1e8 \
  --dist zipf,entropy-0.201,entropy-0.544,entropy-0.811 --reps 5 --validate none -q
summary radix cub-radix
