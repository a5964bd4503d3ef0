#!/usr/bin/env bash
# Session 51, round 3: float keys' thresholds with the listed later launches (`list`, 822a99d), and `runs` (822a99d's
# tree with the later launches' warps sorting by runs at any size where runs are short; version reads 822a99d-dirty).
# ncu durations of f32 keys at 1e7; f32 with every value mode forced onto the path against radix-lsd (uniform); every
# distribution of f32 keys (every value mode) forced at 3e6 / 2^22 / 6e6 against radix-lsd and cub-radix.
set -u
source scripts/device-round.sh
BUILDS="list=$(unpack .carry/list.tar.xz) runs=$(unpack .carry/runs.tar.xz)"
for b in $BUILDS; do
  part 40 ncu --clock-control none --metrics gpu__time_duration.sum --csv --print-units base "${b#*=}/gpusort-bench" \
    --algo radix --type f32 --n 1e7 --reps 1 --warmup 0 --validate none -q
done
alternate 40 keys --algo radix,cub-radix --type u32,f32 --n 1e7,2^24,1e8 --reps 10 -q
export GSB_RADIX_HYBRID_MIN_N=2
alternate 40 forced --algo radix,radix-lsd --type f32 --values none,u32,u64 --n 2^21,3e6,2^22,6e6,8e6 --reps 10 -q
L1=${BUILDS%% *}
part 150 "${L1#*=}/gpusort-bench" --algo radix,radix-lsd,cub-radix --type f32 --values none,u32,u64 \
  --dist uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf,normal --n 3e6,2^22,6e6 --reps 10 -q --json "$OUT/dist-list.json"
unset GSB_RADIX_HYBRID_MIN_N
grep -E "^=== |^rc=" "$L" | cut -c1-160
