#!/usr/bin/env bash
# Session 80 round 1 (issue 19, radix): session 79's plan (round1-planned.sh) cut to one call. base = 1d7ccf2,
# slot = base + logs/session79/slot.patch, d11 = base + logs/session79/d11.patch, each built here with
# CUDAARCHS=90-real. Timing first (--validate none: the plan's validated 2^28 runs do not fit a call), then a
# validated sort of every timed case of each patch, then conformance, runs past 32 keys and sanitizers.
set -u
source scripts/device-round.sh
B0=$(unpack .carry/base.tar.xz)
S=$(unpack .carry/slot.tar.xz)
D=$(unpack .carry/d11.tar.xz)
BUILDS="base=$B0 slot=$S d11=$D"
alternate 30 t --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 1e8,2^27,2^28 --reps 5 --warmup 1 \
  --validate none -q
for X in "$S" "$D"; do
  part 40 "$X/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 --n 1e8,2^28 --reps 1 --warmup 0 -q \
    --json "$OUT/check-$(basename "$X").json"
done
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
for X in "$S" "$D"; do
  for th in 128 256 512; do
    part 25 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$th "$X/tests/gsb_conformance" --gtest_brief=1 "$P"
  done
  part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=256 GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
    GSB_RADIX_LARGE_BUCKETS_BY=passes "$X/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 --n 3e6 \
    --dist uniform,sorted,zipf,few-unique,all-equal,entropy-0.811,entropy-0.201 --order asc,desc --reps 1 --warmup 0 -q
  for tool in memcheck synccheck racecheck; do
    part 20 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=256 compute-sanitizer --tool $tool --error-exitcode 9 \
      "$X/gpusort-bench" --algo radix --type u32 --values u32 --n 3000 --dist uniform,few-unique,entropy-0.201 \
      --reps 1 --warmup 0 -q
  done
done
summary radix cub-radix t
