#!/usr/bin/env bash
# Session 56, round 1: where the one-block fallback's time goes. Skewed 4-byte keys at 2049-4864 and 8-byte keys at
# 2049 sort with the same block sort as cub-radix's single tile (256 x 19, 256 x 9), after the by-runs sample turns
# them away, and are 0.88-0.95x of it. Session 54 round 1 measured the block sort alone (GSB_RADIX_SMALL_RUNS=never)
# 1.2 us slower than cub-radix at 4864 (u32 entropy-0.544 14.02 against 12.78 us). Here main (`head`, 811ddf2) as it
# falls and forced never (`never`), alternated twice with cub-radix in each run; and ncu of the one-block kernel and
# of cub-radix's single-tile kernel (duration, instructions, registers, shared memory, caches flushed), so that the
# kernel's time and the launch's show apart.
set -u
source scripts/device-round.sh
BUILDS="head=$(unpack .carry/head.tar.xz)"
H=${BUILDS#*head=}; H=${H%% *}
N=$(mktemp -d)
printf '#!/bin/sh\nGSB_RADIX_SMALL_RUNS=never exec %s/gpusort-bench "$@"\n' "$H" > "$N/gpusort-bench"
chmod +x "$N/gpusort-bench"
BUILDS="$BUILDS never=$N"
alternate 50 skew --algo radix,cub-radix --type u32,u64 --values none,u32 \
  --dist uniform,entropy-0.544,zipf --n 2049,3000,4864 --reps 20 -q
M='gpu__time_duration.sum,smsp__inst_executed.sum,launch__registers_per_thread,launch__shared_mem_per_block_dynamic,launch__shared_mem_per_block_static,launch__block_size,smsp__cycles_active.avg,l1tex__t_sector_hit_rate.pct'
for c in "u32 4864" "u32 2049" "u64 2049"; do
  set -- $c
  for runs in auto never; do
    part 25 env GSB_RADIX_SMALL_RUNS=$runs ncu --cache-control all --clock-control none -k regex:small_sort --launch-skip 3 \
      --launch-count 1 --metrics "$M" "$H/gpusort-bench" --algo radix --type $1 --n $2 --dist entropy-0.544 --reps 5 -q
  done
  part 25 ncu --cache-control all --clock-control none -k regex:SingleTile --launch-skip 3 --launch-count 1 \
    --metrics "$M" "$H/gpusort-bench" --algo cub-radix --type $1 --n $2 --dist entropy-0.544 --reps 5 -q
done
grep -E "^=== |^rc=|gpu__time|inst_executed|registers|shared_mem|block_size|cycles_active|hit_rate" "$L" | cut -c1-180
