#!/usr/bin/env bash
# Session 54, round 2: the one-block path by runs, three versions against main (`head`, 90e8099), alternated twice:
# `runs` (round 1's), `v2` (1- and 2-byte keys back to the block sort alone, a sample of 3 equal digits in a warp
# calls the keys skewed, the counts scanned a warp's rows at a time, without bank conflicts) and `v3` (v2 with a
# 512 x 10 shape by runs for keys of 4 and 8 bytes from 2049 to 5120 keys, in place of 256 x 19). cub-radix in each
# run; uniform keys from 2049 to 1e4 keys, then every distribution at 4864 and 1e4 (once each).
set -u
source scripts/device-round.sh
BUILDS=""
for b in head runs v2 v3; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 40 small --algo radix,cub-radix --type u8,u16,u32,i32,f32,u64,f64 --values none,u32,u64 \
  --n 2049,3000,4864,6000,7680,1e4 --reps 20 -q
for b in $BUILDS; do
  part 40 "${b#*=}/gpusort-bench" --algo radix,cub-radix --type u32,f32,u64 --values none,u32 \
    --dist uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf \
    --n 4864,1e4 --reps 10 -q --json "$OUT/dist-${b%%=*}.json"
done
grep -E "^=== |^rc=" "$L" | cut -c1-160
