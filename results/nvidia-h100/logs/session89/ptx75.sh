#!/usr/bin/env bash
# Session 89, the PTX route (issue 19): c156233's code built CUDAARCHS=75-virtual (compute_75 PTX, JIT-compiled by
# the driver), run with GSB_ARCH=75 (the sm75 band's policies and 64 KiB of shared memory a block): the one-block
# path's packed 2-byte pairs (small_packs) on that band's shapes. Conformance of u8/u16 keys, then memcheck, racecheck
# and synccheck at the shapes' edges.
set -u
source scripts/device-round.sh
A=$(unpack .carry/ptx75.tar.xz)
part 200 env GSB_ARCH=75 "$A/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u8_*:*/radix_u16_*"
for tool in memcheck racecheck synccheck; do
  part 80 env GSB_ARCH=75 compute-sanitizer --tool $tool --error-exitcode 9 "$A/gpusort-bench" --algo radix \
    --type u8,u16 --values u32,u64 --order asc,desc --dist uniform,few-unique \
    --n 2,100,1025,2048,2304,3000,4864,7680,10240 --warmup 0 --reps 1 -q --json "$OUT/ptx75-$tool.json"
done
part 60 env GSB_ARCH=75 "$A/gpusort-bench" --algo radix,cub-radix --type u8,u16 --values u32,u64 \
  --n 100,1000,2049,4864,7680,1e4 --reps 10 -q --json "$OUT/ptx75-small.json"
summary radix cub-radix ptx75-small
