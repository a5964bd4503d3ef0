#!/usr/bin/env bash
# Planned in session 90 (issue 19, radix): the segment sort through compute_80 PTX, JIT-compiled by the driver, run
# with GSB_ARCH=80 (the sm80 band's policies and its 163 KiB of shared memory a block, which holds the block sort's
# 69.6 KiB): any H100 or H200 call, carrying .carry/ptx80.tar.xz (the same commit built for compute_80 PTX into
# build/ptx80 and packed by hand, as below: only the targets it runs). Its conformance forced from n = 2 and
# memcheck of it, then u32+u32 at 2^22 and 4.3e6 as it falls beside cub-radix through the same route, validated.
#   cmake -S . -B build/ptx80 -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=80-virtual
#   cmake --build build/ptx80 --target gpusort-bench gsb_conformance -j2     (7.5 min on this machine's 2 cores)
#   tar -cJf .carry/ptx80.tar.xz -C build/ptx80 gpusort-bench libgsb.so tests/gsb_conformance
set -u
source scripts/device-round.sh
P=$(unpack .carry/ptx80.tar.xz)
F=(env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2)
part 240 "${F[@]}" "$P/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
part 90 "${F[@]}" compute-sanitizer --tool memcheck --error-exitcode 9 --print-limit 20 "$P/gpusort-bench" --algo radix \
  --type u32,f32 --values u32 --order asc,desc --dist uniform,sorted --n 2,3000,17409,70000 --warmup 0 --reps 1 -q \
  --json "$OUT/ptx80-seg-memcheck.json"
part 60 env GSB_ARCH=80 "$P/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 --n 2^22,4.3e6 --reps 10 -q \
  --json "$OUT/ptx80-seg.json"
summary radix cub-radix ptx80-seg
