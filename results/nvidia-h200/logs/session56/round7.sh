#!/usr/bin/env bash
# Session 56, round 7: the pairs' budget against the cheaper fallback. The budgets were fitted where the fallback of
# 2049-4864 keys was 256 x 19; from 2049 to 3072 it is now 256 x 12, and 4-byte pairs that the sample sends by runs
# there lose to it (i32+u32 Zipf at 2049 15.9 us by runs, 0.867x). `vz16`: the landed build with 4-byte keys with
# values priced at 16 a thread (32 landed); `vz0`: at 0 (every such input with two sampled keys in one digit falls
# back: the fallback's price). Alternated twice against the landed build (`final`), cub-radix in each run.
set -u
source scripts/device-round.sh
BUILDS=""
for b in final vz16 vz0; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 40 pairs --algo radix,cub-radix --type u32,i32,f32 --values u32,u64 \
  --dist uniform,nearly-sorted,few-unique,entropy-0.811,entropy-0.544,zipf --n 2049,2600,3000,3073,4864,7680,1e4 --reps 20 -q
grep -E "^=== |^rc=" "$L" | cut -c1-160
