#!/usr/bin/env bash
# Session 54, round 5: `v7`, the one-block kernel of 256 x 19 keys launched with 512 threads where it sorts by runs
# (512 x 10 keys); where the sample or the counts find the runs long, threads 256-511 leave and the others sort as
# main's block sort does (its barriers wait for no thread that has left: PTX ISA, exit). Round 4's v6 (a __noinline__
# by-runs function) did not shorten the fallback. Alternated twice against main (`head`) and v3; every distribution
# at 3000, 4864, 1e4 and 16384 once each; ncu of v7 as in round 3.
set -u
source scripts/device-round.sh
BUILDS=""
for b in head v3 v7; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 40 small --algo radix,cub-radix --type u32,i32,f32,u64 --values none,u32,u64 \
  --n 2049,3000,4864,6000,1e4,16384 --reps 20 -q
for b in $BUILDS; do
  part 40 "${b#*=}/gpusort-bench" --algo radix,cub-radix --type u32,f32,u64 --values none,u32,u64 \
    --dist uniform,sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.201,zipf \
    --n 3000,4864,1e4,16384 --reps 10 -q --json "$OUT/dist-${b%%=*}.json"
done
M='gpu__time_duration.sum,smsp__inst_executed.sum,launch__registers_per_thread,launch__shared_mem_per_block_dynamic'
d=${BUILDS##*v7=}
for dist in all-equal uniform; do
  part 40 ncu --cache-control all --clock-control none -k regex:small_sort --launch-skip 3 --launch-count 1 \
    --metrics "$M" "$d/gpusort-bench" --algo radix --type u32 --n 4864 --dist $dist --reps 5 -q
done
grep -E "^=== |^rc=|gpu__time|inst_executed|registers|dynamic" "$L" | cut -c1-160
