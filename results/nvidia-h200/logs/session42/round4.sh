#!/usr/bin/env bash
# Session 42, fourth call (about 8 min): the warp kernel's counts in 16 bits (default) against 32 (an experiment's
# GSB_EXP_WARP_WIDE; ncu at 2^24 u32 keys, round 3: the kernel issues 77% of its cycles, 153 instructions a row of
# 32 keys, so fewer instructions is what would pay), then the path's threshold with warps, then warps past 1024 keys.
#  1. 16- against 32-bit counts, the path forced, alternated twice, u32 and u64 x none/u32/u64 at 2^22, 2^24, 2.6e7;
#  2. the path forced against radix-lsd (and cub-radix), every 4- and 8-byte type x none/u32/u64, 2^20 ... 1.3e7;
#  3. u32 keys alone with warps forced (GSB_RADIX_BUCKET_THREADS=32) against the default at 7e7 and 1e8.
# Carry .carry/main.tar.xz (this build).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
for round in a b; do
  for counts in 16 32; do
    if [ "$counts" = 32 ]; then export GSB_EXP_WARP_WIDE=1; else unset GSB_EXP_WARP_WIDE; fi
    GSB_RADIX_HYBRID_MIN_N=2 part 40 "$M/gpusort-bench" --algo radix,cub-radix --type u32,u64 --values none,u32,u64 \
      --n 2^22,2^24,2.6e7 --reps 10 --json "$OUT/counts-$counts-$round.json" -q
  done
done
unset GSB_EXP_WARP_WIDE
GSB_RADIX_HYBRID_MIN_N=2 part 150 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix \
  --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 --n 2^20,2^21,3e6,2^22,6e6,8e6,1e7,1.3e7 --reps 10 \
  --json "$OUT/threshold.json" -q
for shape in default 32; do
  if [ "$shape" = 32 ]; then export GSB_RADIX_BUCKET_THREADS=32; else unset GSB_RADIX_BUCKET_THREADS; fi
  part 40 "$M/gpusort-bench" --algo radix,cub-radix --type u32 --n 7e7,1e8 --reps 10 --json "$OUT/big-$shape.json" -q
done
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -20
