#!/usr/bin/env bash
# Session 94, round 5 (any H100 or H200; issue 19): the msd form through compute_80 PTX. The tree of 1b10fb9 (its JSON reads so) built
# 80-virtual (.carry/ptx80s94.tar.xz, build/ptx80), JIT-compiled by the driver, with GSB_ARCH=80 (the sm80 band's 163
# KiB a block holds the msd form's 162 KiB): the forced conformance of 4-byte pairs in each form, memcheck of msd
# forced, and u32+u32 at 2^22 and 5e6 beside cub-radix through the same route, validated.
set -u
LIMIT=${LIMIT:-300}
. scripts/device-round.sh
X=$(unpack .carry/ptx80s94.tar.xz)
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
A=(env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2)
part 90 "${A[@]}" "$X/tests/gsb_conformance" --gtest_brief=1 "$P"
part 60 "${A[@]}" GSB_RADIX_SEGMENT_FORM=blocks "$X/tests/gsb_conformance" --gtest_brief=1 "$P"
part 40 "${A[@]}" compute-sanitizer --tool memcheck --error-exitcode 9 --print-limit 20 "$X/gpusort-bench" --algo radix \
  --type u32,f32 --values u32 --order asc,desc --dist uniform,few-unique,zipf --n 2,3000,17409,70000 --warmup 0 \
  --reps 1 -q --json "$OUT/ptx80-msd-memcheck.json"
part 40 env GSB_ARCH=80 "$X/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 --n 2^22,5e6 --reps 10 -q \
  --json "$OUT/ptx80-msd.json"
summary radix cub-radix
