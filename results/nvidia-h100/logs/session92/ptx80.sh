#!/usr/bin/env bash
# Session 92 (issue 19, radix): the landed tree (main 65971c0's device code) built for compute_80 PTX (build/ptx80,
# packed as .carry/ptx80-s92.tar.xz), JIT-compiled by the driver and run with GSB_ARCH=80 (the sm80 band's policies):
# the segment sort's window forced from n = 2 as the sample judges and with its verdict off, memcheck over three
# distributions, u32+u32 at 2^22 and 4.3e6 beside cub-radix through the same route, validated. Any H100 or H200.
set -u
source scripts/device-round.sh
X=$(unpack .carry/ptx80-s92.tar.xz)
G="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
A=(env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2)
P=(GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 GSB_RADIX_LARGE_BUCKETS_BY=passes)
C=(--algo radix --type u32,f32 --values u32 --order asc,desc --warmup 0 --reps 1 -q)
part 120 "${A[@]}" "$X/tests/gsb_conformance" --gtest_brief=1 "$G"
part 120 "${A[@]}" "${P[@]}" "$X/tests/gsb_conformance" --gtest_brief=1 "$G"
part 60 "${A[@]}" compute-sanitizer --tool memcheck --error-exitcode 9 --print-limit 20 "$X/gpusort-bench" "${C[@]}" \
  --dist uniform,few-unique,all-equal --n 2,3000,17409,70000 --json "$OUT/ptx80-seg-memcheck.json"
part 60 env GSB_ARCH=80 "$X/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 \
  --dist uniform,few-unique --n 2^22,4.3e6 --reps 10 -q --json "$OUT/ptx80-seg.json"
summary radix cub-radix ptx80-seg
