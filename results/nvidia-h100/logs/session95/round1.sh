#!/usr/bin/env bash
# Session 95, round 1 on an H100 (written as results/nvidia-h200/logs/session95/round2.sh for an H200, which no call
# got; run with kind nvidia-h100-x1; issue 19): the segment sort's pair form (msd in a cluster of two blocks a bucket,
# segment_msd_pair_kernel; NOTES.md round 85; not kept: its diff is round1/pair-form.diff), its first GPU run. One build
# (.carry/s95p.tar.xz: build/release of 33bcf8a (the pair kernel, the tool's pair shapes: values in shared memory, 512 x 24),
# CUDAARCHS=90-real, tools on; the path takes the pair form only where GSB_RADIX_SEGMENT_FORM=pair forces it). `old`
# is that build as it runs (session 94's path: msd to about 6.13e6, the second pass past it), `new` the same with the
# pair form forced (to about 12.36e6).
#  (1) the parts tests of the segment sort (the pair form's buckets: random, 6 distinct keys and one key, to its
#      capacity); the radix conformance of 4-byte pairs with the pair form forced from n = 2, and as it falls;
#      memcheck, racecheck and synccheck of the forced pair form (its merge fallback: few-unique and Zipf);
#  (2) tools/radix_bench segments at 6e6 and 1e7: the pair's block rate beside msd's (values from global memory, and
#      in shared memory; and pairs of 512 x 24 blocks, two an SM);
#  (3) old and new in turn, twice, cub-radix in every run, validated: u32/i32/f32 with u32 values from 6.2e6 to
#      1.2e7; other distributions at 8e6.
set -u
LIMIT=${LIMIT:-300}
. scripts/device-round.sh
B=$(unpack .carry/s95p.tar.xz)
N=$(mktemp -d)
printf '#!/bin/sh\nGSB_RADIX_SEGMENT_FORM=pair exec %s/gpusort-bench "$@"\n' "$B" >"$N/gpusort-bench" && chmod +x "$N/gpusort-bench"
F=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2 GSB_RADIX_SEGMENT_FORM=pair)
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
part 20 "$B/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 "--gtest_filter=*Segment*"
part 30 "${F[@]}" "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
part 30 env GSB_RADIX_SEGMENT_FORM=pair "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
for tool in memcheck synccheck; do
  part 30 "${F[@]}" compute-sanitizer --tool $tool --error-exitcode 9 "$B/gpusort-bench" --algo radix --type u32,f32 \
    --values u32 --order asc,desc --dist uniform,sorted,few-unique,zipf --n 2,33,3000,17409,70000 --warmup 0 \
    --reps 1 -q --json "$OUT/pair-$tool.json"
done
part 40 "${F[@]}" compute-sanitizer --tool racecheck --error-exitcode 9 "$B/gpusort-bench" --algo radix --type u32 \
  --values u32 --order asc,desc --dist uniform,few-unique,zipf --n 33,20000,70000 --warmup 0 --reps 1 -q \
  --json "$OUT/pair-racecheck.json"
part 60 "$B/tools/radix_bench" segments 6000000,10000000 10
BUILDS="old=$B new=$N"
alternate 25 w --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 6.2e6,7e6,8e6,9e6,1e7,1.2e7 --reps 10 -q
alternate 15 d --algo radix,cub-radix --type u32 --values u32 --n 8e6 --dist sorted,few-unique,zipf --reps 10 -q
summary radix cub-radix
