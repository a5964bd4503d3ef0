#!/usr/bin/env bash
# Session 104, round 2 on an H200 (kind nvidia-h200 with needs_h200; issue 19), in place of round1.sh after an H100
# (../../../nvidia-h100/logs/session104/round1/) found t384 10 % faster than main on u32+u32 at 1e8, 2^28 and 1e9.
# Carries .carry/s104.tar.xz (main's device code; tools/scatter_ceiling) and .carry/t384.tar.xz (main with t384.patch:
# the hybrid passes of 4-byte keys with u32 values, and the LSD passes that path hands skewed keys to, at 384 x 24 with
# 2 blocks an SM in place of 256 x 24 at 3; main's device code on sm_90 from a1a6828 on, which landed it after the H100
# rounds: s104 is then the build before it), and .carry/fb256.tar.xz (main from a1a6828 with fb256.patch: the LSD
# passes the hybrid path hands skewed 4-byte pairs to back at 256 x 24 with 3 blocks, the hybrid passes at 384 x 24;
# on the H100 entropy-0.201 pairs lost 2-3 % to 384 x 24 where Zipf gained 5 %: which passes lose).
#  (1) main and t384 in turn, twice, cub-radix in every run: u32+u32 uniform from 2^22 to 1e9; with fb256, Zipf and
#      entropy-0.201;
#  (2) t384's grid of 4-byte keys with u32 values, validated, 5 repetitions;
#  (3) t384's checks: the radix conformance of 4-byte keys with u32 values, the hybrid path forced from n = 2, with
#      large buckets forced, and as it falls; every radix case; memcheck, synccheck and racecheck of the forced path;
#  (4) the ceiling of one MSD pass (tools/scatter_ceiling: tiles of 6144-16384 pairs, the model and radix's own pass).
set -u
LIMIT=${LIMIT:-500}
. scripts/device-round.sh
M=$(unpack .carry/s104.tar.xz)
T=$(unpack .carry/t384.tar.xz)
B=$(unpack .carry/fb256.tar.xz)
F=(env GSB_RADIX_HYBRID_MIN_N=2)
P=(GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 GSB_RADIX_LARGE_BUCKETS_BY=passes)
G="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
BUILDS="main=$M t384=$T"
alternate 40 w --algo radix,cub-radix --type u32 --values u32 --n 2^22,1e7,2^24,1e8,2^28,1e9 --reps 5 --validate none -q
BUILDS="main=$M t384=$T fb256=$B"
alternate 20 d --algo radix,cub-radix --type u32 --values u32 --n 1e7,1e8 --dist zipf,entropy-0.201 --reps 5 \
  --validate none -q
part 120 "$T/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,2^24,1e8,2^28,1e9 \
  --reps 5 -q --json "$OUT/grid-t384.json"
part 20 "${F[@]}" "$T/tests/gsb_conformance" --gtest_brief=1 "$G"
part 20 "${F[@]}" "${P[@]}" "$T/tests/gsb_conformance" --gtest_brief=1 "$G"
part 60 "$T/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_*"
C=(--algo radix --type u32,f32 --values u32 --order asc,desc --warmup 0 --reps 1 -q)
for tool in memcheck synccheck; do
  part 30 "${F[@]}" compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 20 "$T/gpusort-bench" "${C[@]}" \
    --dist uniform,sorted,few-unique,zipf --n 2,33,3000,17409,70000 --json "$OUT/t384-$tool.json"
done
part 30 "${F[@]}" compute-sanitizer --tool racecheck --error-exitcode 9 --print-limit 20 "$T/gpusort-bench" "${C[@]}" \
  --dist uniform,few-unique,zipf --n 33,20000,70000 --json "$OUT/t384-racecheck.json"
part 60 "$M/tools/scatter_ceiling" 268435456 1e9
summary radix cub-radix
