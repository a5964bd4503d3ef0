#!/usr/bin/env bash
# Session 80 round 4 (issue 19, radix): 4-byte pairs past 2^28, where the rule sorts their buckets in place (stable
# rounds): the 512-thread two-buffer shape by runs forced (GSB_RADIX_BUCKET_THREADS=512; session 79 round 4: +1.8 %
# at 2^29 with 13 digit bits) with fewer digit bits. land = decd051 (512: 13 bits); w12 = w12.patch, w11 = w11.patch.
# In turn, twice, --validate none; then validated sorts, conformance and sanitizers of w12 and w11 forced.
set -u
source scripts/device-round.sh
LA=$(unpack .carry/land.tar.xz)
W12=$(unpack .carry/w12.tar.xz)
W11=$(unpack .carry/w11.tar.xz)
A=(--algo radix,cub-radix --type u32 --values u32 --n 4e8,2^29,7.5e8 --reps 3 --warmup 1 -q --validate none)
for round in a b; do
  part 45 "$LA/gpusort-bench" "${A[@]}" --json "$OUT/t-rule-$round.json"
  part 45 env GSB_RADIX_BUCKET_THREADS=512 "$LA/gpusort-bench" "${A[@]}" --json "$OUT/t-w13-$round.json"
  part 45 env GSB_RADIX_BUCKET_THREADS=512 "$W12/gpusort-bench" "${A[@]}" --json "$OUT/t-w12-$round.json"
  part 45 env GSB_RADIX_BUCKET_THREADS=512 "$W11/gpusort-bench" "${A[@]}" --json "$OUT/t-w11-$round.json"
done
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
for X in "$W12" "$W11"; do
  part 40 env GSB_RADIX_BUCKET_THREADS=512 "$X/gpusort-bench" --algo radix --type u32,f32 --values u32 --n 2^29 \
    --reps 1 --warmup 0 -q --json "$OUT/check-$(basename "$X").json"
  part 25 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512 "$X/tests/gsb_conformance" --gtest_brief=1 "$P"
  for tool in memcheck synccheck racecheck; do
    part 20 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512 compute-sanitizer --tool $tool --error-exitcode 9 \
      "$X/gpusort-bench" --algo radix --type u32 --values u32 --n 3000 --dist uniform,few-unique,entropy-0.201 \
      --reps 1 --warmup 0 -q
  done
done
