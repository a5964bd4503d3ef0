#!/usr/bin/env bash
# Session 81, round 1: both parts of logs/session81-planned.sh in one call (part 2's timings first).
set -u
source scripts/device-round.sh
B0=$(unpack .carry/base.tar.xz)
W7=$(unpack .carry/w7.tar.xz)
W6=$(unpack .carry/w6.tar.xz)
BUILDS="base=$B0 w7=$W7 w6=$W6"
alternate 30 t --algo radix,cub-radix --type u32,f32 --values u32 --n 2^22,6e6,1e7,2^24,2e7,2.6e7,3.5e7 --reps 10 \
  --warmup 2 --validate none -q
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
for XN in w7=$W7 w6=$W6; do
  X=${XN#*=}
  part 40 "$X/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 --n 2^22,1e7,2^24,3.5e7 --reps 1 \
    --warmup 0 -q --json "$OUT/check-${XN%%=*}.json"
  part 25 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=32 "$X/tests/gsb_conformance" --gtest_brief=1 "$P"
  part 25 "$X/gpusort-bench" --algo radix --type u32,f32 --values u32 --n 1e7 \
    --dist sorted,zipf,few-unique,entropy-0.811,entropy-0.201 --reps 1 --warmup 0 -q
  for tool in memcheck synccheck racecheck; do
    part 20 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=32 compute-sanitizer --tool $tool \
      --error-exitcode 9 "$X/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,70000 \
      --dist uniform,few-unique,entropy-0.201 --reps 1 --warmup 0 -q
  done
done
A=$(unpack .carry/sm80.tar.xz)
P="--gtest_filter=*/radix_u32_u32:*/radix_f32_u32"
part 40 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512 "$A/tests/gsb_conformance" \
  --gtest_brief=1 "$P"
part 40 env GSB_ARCH=80 "$A/gpusort-bench" --algo radix --type u32 --values u32 --n 2e8 --reps 1 --warmup 0 -q \
  --json "$OUT/sm80-2e8.json"
part 40 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=128 "$A/tests/gsb_conformance" \
  --gtest_brief=1 "$P"
part 40 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512 compute-sanitizer --tool memcheck \
  --error-exitcode 9 "$A/gpusort-bench" --algo radix --type u32 --values u32 --n 3000 \
  --dist uniform,few-unique,entropy-0.201 --reps 1 --warmup 0 -q
