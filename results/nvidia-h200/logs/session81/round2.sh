#!/usr/bin/env bash
# Session 81, round 2: where warps and 128-thread blocks cross for 4-byte pairs now that 128-thread blocks count 9 digit
# bits (round 62): main (base = d64e968) as it falls (warps to about 3.5e7), 128-thread blocks forced, and warps forced
# past the crossing; in turn, twice; cub-radix in every run. Then the forced 128-thread sorts validated.
set -u
source scripts/device-round.sh
B=$(unpack .carry/base.tar.xz)
N=2^22,6e6,1e7,2^24,2e7,2.6e7,3.5e7,4e7,5e7
for round in a b; do
  part 40 "$B/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 --n $N --reps 10 --warmup 2 \
    --validate none -q --json "$OUT/t-rule-$round.json"
  part 40 env GSB_RADIX_BUCKET_THREADS=128 "$B/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 \
    --n $N --reps 10 --warmup 2 --validate none -q --json "$OUT/t-b128-$round.json"
  part 40 env GSB_RADIX_BUCKET_THREADS=32 "$B/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 \
    --n 2.6e7,3.5e7,4e7,5e7,6e7 --reps 10 --warmup 2 --validate none -q --json "$OUT/t-w32-$round.json"
done
part 60 env GSB_RADIX_BUCKET_THREADS=128 "$B/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 --n $N \
  --reps 1 --warmup 0 -q --json "$OUT/check-b128.json"
part 60 env GSB_RADIX_BUCKET_THREADS=32 "$B/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 \
  --n 4e7,5e7,6e7 --reps 1 --warmup 0 -q --json "$OUT/check-w32.json"
