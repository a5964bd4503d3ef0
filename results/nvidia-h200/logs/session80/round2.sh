#!/usr/bin/env bash
# Session 80 round 2 (issue 19, radix): round 1 found 11 digit bits at 256 threads (d11) 6-7 % faster at 1e8 and 2^27
# and 2-3 % at 2^28; fewer still? base = 1d7ccf2; d11 (128: 11, 256: 11); d10 = d10.patch (128: 10, 256: 10); d9 =
# d9.patch (128: 9, 256: 10). 128-thread blocks sort u32+u32 from 4e7 to 8e7, 256 from 1e8 to about 4e8. Timing
# first (--validate none), in turn, twice; then validated sorts of d10 and d9, conformance, runs past 32, sanitizers.
set -u
source scripts/device-round.sh
B0=$(unpack .carry/base.tar.xz)
E11=$(unpack .carry/d11.tar.xz)
E10=$(unpack .carry/d10.tar.xz)
E9=$(unpack .carry/d9.tar.xz)
BUILDS="base=$B0 d11=$E11 d10=$E10 d9=$E9"
alternate 35 t --algo radix,cub-radix --type u32,f32 --values u32 --n 5e7,8e7,1e8,2^27,2^28 --reps 5 --warmup 1 \
  --validate none -q
for X in "$E10" "$E9"; do
  part 40 "$X/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 --n 5e7,8e7,1e8,2^28 --reps 1 --warmup 0 -q \
    --json "$OUT/check-$(basename "$X").json"
done
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
for X in "$E10" "$E9"; do
  for th in 128 256; do
    part 25 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$th "$X/tests/gsb_conformance" --gtest_brief=1 "$P"
  done
  for th in 128 256; do
    part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$th GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
      GSB_RADIX_LARGE_BUCKETS_BY=passes "$X/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 --n 3e6 \
      --dist uniform,sorted,zipf,few-unique,all-equal,entropy-0.811,entropy-0.201 --order asc,desc --reps 1 --warmup 0 -q
  done
  for tool in memcheck synccheck racecheck; do for th in 128 256; do
    part 20 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$th compute-sanitizer --tool $tool --error-exitcode 9 \
      "$X/gpusort-bench" --algo radix --type u32 --values u32 --n 3000 --dist uniform,few-unique,entropy-0.201 \
      --reps 1 --warmup 0 -q
  done; done
done
