#!/usr/bin/env bash
# Session 54, round 4: round 3 found the fallback's 1.3 us in the kernel (ncu, u32 all-equal at 4864: main 10.85 us,
# v2 12.19) for 5% more instructions; round 1's `never` mode, which executes none of the by-runs code, lost as much. A
# hypothesis: the by-runs code inlined ahead of the block sort (instructions fetched cold after the L2 flush). `v6`:
# v3 with the by-runs step in a function of its own (__noinline__) that samples each lane's first key straight from
# memory before anything else, and loads its keys only once the sample passed; the block sort's code as main's after
# it. Alternated twice against main (`head`) and v3; every distribution at 4864 and 1e4 once each; ncu of v6 as in
# round 3.
set -u
source scripts/device-round.sh
BUILDS=""
for b in head v3 v6; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 40 small --algo radix,cub-radix --type u32,i32,f32,u64 --values none,u32,u64 \
  --n 2049,3000,4864,6000,1e4,16384 --reps 20 -q
for b in $BUILDS; do
  part 40 "${b#*=}/gpusort-bench" --algo radix,cub-radix --type u32,f32,u64 --values none,u32 \
    --dist uniform,sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.201,zipf \
    --n 3000,4864,1e4,16384 --reps 10 -q --json "$OUT/dist-${b%%=*}.json"
done
M='gpu__time_duration.sum,smsp__inst_executed.sum,launch__registers_per_thread,launch__shared_mem_per_block_dynamic'
d=${BUILDS##*v6=}
for dist in all-equal uniform; do
  part 40 ncu --cache-control all --clock-control none -k regex:small_sort --launch-skip 3 --launch-count 1 \
    --metrics "$M" "$d/gpusort-bench" --algo radix --type u32 --n 4864 --dist $dist --reps 5 -q
done
grep -E "^=== |^rc=|gpu__time|inst_executed|registers|dynamic" "$L" | cut -c1-160
