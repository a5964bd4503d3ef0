#!/usr/bin/env bash
# Session 80 round 3 (issue 19, radix): what lands. base = 1d7ccf2; land = decd051 (9 digit bits at 128 threads, 11 at
# 256, clearing only the words it counts); bits = decd051 + bits.patch (every set cleared, as before). In turn, twice:
# land validated, base and bits --validate none. Then skewed inputs at 1e8 (base --validate none, land validated),
# land's conformance (as it falls; forced at 128 and 256 threads), runs past 32 keys, sanitizers at 128 and 256.
set -u
source scripts/device-round.sh
B0=$(unpack .carry/base.tar.xz)
BI=$(unpack .carry/bits.tar.xz)
LA=$(unpack .carry/land.tar.xz)
A=(--algo radix,cub-radix --type u32,i32,f32 --values u32 --n 5e7,8e7,1e8,2^27,2^28 --reps 5 --warmup 1 -q)
for round in a b; do
  part 80 "$LA/gpusort-bench" "${A[@]}" --json "$OUT/t-land-$round.json"
  part 35 "$B0/gpusort-bench" "${A[@]}" --validate none --json "$OUT/t-base-$round.json"
  part 35 "$BI/gpusort-bench" "${A[@]}" --validate none --json "$OUT/t-bits-$round.json"
done
S=(--algo radix,cub-radix --type u32,f32 --values u32 --n 1e8 --dist zipf,entropy-0.544,entropy-0.201,few-unique,sorted
   --reps 5 --warmup 1 -q)
part 40 "$B0/gpusort-bench" "${S[@]}" --validate none --json "$OUT/s-base.json"
part 60 "$LA/gpusort-bench" "${S[@]}" --json "$OUT/s-land.json"
P="--gtest_filter=*radix_u32_u32:*radix_i32_u32:*radix_f32_u32"
part 60 "$LA/tests/gsb_conformance" --gtest_brief=1 "$P"
for th in 128 256; do
  part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$th "$LA/tests/gsb_conformance" --gtest_brief=1 "$P"
  part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$th GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
    GSB_RADIX_LARGE_BUCKETS_BY=passes "$LA/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 --n 3e6 \
    --dist uniform,sorted,zipf,few-unique,all-equal,entropy-0.811,entropy-0.201 --order asc,desc --reps 1 --warmup 0 -q
  for tool in memcheck synccheck racecheck; do
    part 20 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$th compute-sanitizer --tool $tool --error-exitcode 9 \
      "$LA/gpusort-bench" --algo radix --type u32 --values u32 --n 3000 --dist uniform,few-unique,entropy-0.201 \
      --reps 1 --warmup 0 -q
  done
done
