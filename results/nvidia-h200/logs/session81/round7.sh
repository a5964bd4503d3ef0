#!/usr/bin/env bash
# Session 81, round 7: 512 threads with two buffers (12 digit bits) forced against the rule (256 threads, whose
# resident warps fall with the bucket: 48 at 2^27, 40 at 1.5e8, 24 from 2e8) for 4-byte pairs from 2e8 to 2.5e8
# (round 6: u32 at 2.2e8 4.4% faster forced); land (d9e8681); in turn, twice; cub-radix in every run; the forced sorts
# validated after.
set -u
source scripts/device-round.sh
L1=$(unpack .carry/land.tar.xz)
N=2e8,2.1e8,2.4e8,2.5e8
for round in a b; do
  part 70 "$L1/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n $N --reps 3 --warmup 1 \
    --validate none -q --json "$OUT/t-rule-$round.json"
  part 70 env GSB_RADIX_BUCKET_THREADS=512 "$L1/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 \
    --n $N --reps 3 --warmup 1 --validate none -q --json "$OUT/t-b512-$round.json"
done
part 80 env GSB_RADIX_BUCKET_THREADS=512 "$L1/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 --n $N \
  --reps 1 --warmup 0 -q --json "$OUT/check-b512.json"
