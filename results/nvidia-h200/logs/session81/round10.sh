#!/usr/bin/env bash
# Session 81, round 10: the rest of packed's checks (i32 keys forced at 128, 256 and 512 threads; long runs at 128 and
# 512; memcheck, synccheck and racecheck at 128 and 512, synccheck at 256), then packed as it falls validated at
# 2.4e8 and 2^28.
set -u
source scripts/device-round.sh
PK=$(unpack .carry/packed.tar.xz)
for th in 128 256 512; do
  part 10 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$th "$PK/tests/gsb_conformance" --gtest_brief=1 \
    "--gtest_filter=*/radix_i32_u32"
done
for th in 128 512; do
  part 10 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$th GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
    GSB_RADIX_LARGE_BUCKETS_BY=passes "$PK/gpusort-bench" --algo radix --type u32,f32 --values u32 --n 3e6 \
    --dist uniform,zipf,few-unique,entropy-0.201 --reps 1 --warmup 0 -q --json "$OUT/check-runs-$th.json"
done
for th in 128 256 512; do
  for tool in memcheck synccheck racecheck; do
    [ "$th" = 256 ] && [ "$tool" != synccheck ] && continue
    part 10 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$th compute-sanitizer --tool $tool \
      --error-exitcode 9 "$PK/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,70000 \
      --dist uniform,few-unique,entropy-0.201 --reps 1 --warmup 0 -q
  done
done
part 30 "$PK/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 --n 2.4e8,2^28 --reps 3 --warmup 1 -q \
  --json "$OUT/check-packed.json"
