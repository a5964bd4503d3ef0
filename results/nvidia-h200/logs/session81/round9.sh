#!/usr/bin/env bash
# Session 81, round 9 (the session's last device seconds): a first look at session 82's plan -- packed
# (logs/session81/packed.patch on d1d9824) checked forced at 128, 256 and 512 threads and with long runs at 256, and
# timed as it falls against main (twice = d1d9824's code) at three sizes.
set -u
source scripts/device-round.sh
TW=$(unpack .carry/twice.tar.xz)
PK=$(unpack .carry/packed.tar.xz)
P="--gtest_filter=*/radix_u32_u32:*/radix_f32_u32"
for th in 128 256 512; do
  part 20 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$th "$PK/tests/gsb_conformance" --gtest_brief=1 "$P"
done
part 20 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=256 GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
  GSB_RADIX_LARGE_BUCKETS_BY=passes "$PK/gpusort-bench" --algo radix --type u32,f32 --values u32 --n 3e6 \
  --dist uniform,zipf,few-unique,entropy-0.201 --reps 1 --warmup 0 -q --json "$OUT/check-runs-256.json"
for tool in memcheck racecheck; do
  part 20 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=256 compute-sanitizer --tool $tool \
    --error-exitcode 9 "$PK/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,70000 \
    --dist uniform,few-unique,entropy-0.201 --reps 1 --warmup 0 -q
done
BUILDS="twice=$TW packed=$PK"
alternate 25 t --algo radix,cub-radix --type u32 --values u32 --n 1e8,2.4e8,2^28 --reps 3 --warmup 1 --validate none -q
