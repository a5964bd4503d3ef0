#!/usr/bin/env bash
# Session 104, round 2 on an H100 (kind nvidia-h100-x1; issue 19): the H200 round 2
# (../../../nvidia-h200/logs/session104/round2.sh), which got no machine, on the second GPU, after round 1 here
# (round1/) found t384 10 % faster than main on u32+u32 at 1e8, 2^28 and 1e9. Carries .carry/s104.tar.xz (main's
# device code; tools/scatter_ceiling) and .carry/t384.tar.xz (main with ../../../nvidia-h200/logs/session104/t384.patch:
# the hybrid passes of 4-byte keys with u32 values, and the LSD passes that path hands skewed keys to, at 384 x 24 with
# 2 blocks an SM in place of 256 x 24 at 3).
#  (1) main and t384 in turn, twice, cub-radix in every run: u32+u32 uniform from 2^22 to 1e9;
#  (2) t384's checks: the radix conformance of 4-byte keys with u32 values, the hybrid path forced from n = 2, with
#      large buckets forced, and as it falls; every radix case; memcheck, synccheck and racecheck of the forced path;
#  (3) main and t384 in turn on Zipf and entropy-0.201 keys; t384's u32 and f32 keys with u32 values validated;
#  (4) the ceiling of one MSD pass at 2^28 (tools/scatter_ceiling: tiles of 6144-16384 pairs, model and real pass).
set -u
LIMIT=${LIMIT:-360}
. scripts/device-round.sh
M=$(unpack .carry/s104.tar.xz)
T=$(unpack .carry/t384.tar.xz)
F=(env GSB_RADIX_HYBRID_MIN_N=2)
P=(GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 GSB_RADIX_LARGE_BUCKETS_BY=passes)
G="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
BUILDS="main=$M t384=$T"
alternate 35 w --algo radix,cub-radix --type u32 --values u32 --n 2^22,1e7,2^24,1e8,2^28,1e9 --reps 5 --validate none -q
part 20 "${F[@]}" "$T/tests/gsb_conformance" --gtest_brief=1 "$G"
part 20 "${F[@]}" "${P[@]}" "$T/tests/gsb_conformance" --gtest_brief=1 "$G"
part 40 "$T/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_*"
C=(--algo radix --type u32,f32 --values u32 --order asc,desc --warmup 0 --reps 1 -q)
for tool in memcheck synccheck; do
  part 30 "${F[@]}" compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 20 "$T/gpusort-bench" "${C[@]}" \
    --dist uniform,sorted,few-unique,zipf --n 2,33,3000,17409,70000 --json "$OUT/t384-$tool.json"
done
part 30 "${F[@]}" compute-sanitizer --tool racecheck --error-exitcode 9 --print-limit 20 "$T/gpusort-bench" "${C[@]}" \
  --dist uniform,few-unique,zipf --n 33,20000,70000 --json "$OUT/t384-racecheck.json"
alternate 15 d --algo radix,cub-radix --type u32 --values u32 --n 1e7,1e8 --dist zipf,entropy-0.201 --reps 5 \
  --validate none -q
part 50 "$T/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 --n 2^24,1e8,1e9 --reps 5 -q \
  --json "$OUT/grid-t384.json"
part 40 "$M/tools/scatter_ceiling" 268435456
summary radix cub-radix
