#!/usr/bin/env bash
# Session 81, round 5: where 128- and 256-thread blocks cross for 4-byte pairs by runs (9 and 11 digit bits since round
# 62; the rule takes 128 while they keep half an SM's warps, to about 8e7 uniform): land (d9e8681) as it falls, 128
# forced and 256 forced, from 5e7 to 1.5e8; in turn, twice; cub-radix in every run.
set -u
source scripts/device-round.sh
L1=$(unpack .carry/land.tar.xz)
N=5e7,6e7,7e7,8e7,9e7,1e8,1.2e8,1.5e8
for round in a b; do
  part 40 "$L1/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 --n $N --reps 7 --warmup 1 \
    --validate none -q --json "$OUT/t-rule-$round.json"
  for t in 128 256; do
    part 40 env GSB_RADIX_BUCKET_THREADS=$t "$L1/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 \
      --n $N --reps 7 --warmup 1 --validate none -q --json "$OUT/t-b$t-$round.json"
  done
done
part 60 env GSB_RADIX_BUCKET_THREADS=256 "$L1/gpusort-bench" --algo radix --type u32,f32 --values u32 \
  --n 5e7,7e7,9e7 --reps 1 --warmup 0 -q --json "$OUT/check-b256.json"
part 60 env GSB_RADIX_BUCKET_THREADS=128 "$L1/gpusort-bench" --algo radix --type u32,f32 --values u32 \
  --n 1e8,1.2e8,1.5e8 --reps 1 --warmup 0 -q --json "$OUT/check-b128.json"
