#!/usr/bin/env bash
# Session 54, round 7: round 6 found skewed keys of 4 and 8 bytes at 2049 and 4864 at 0.90-0.98x of cub-radix (main
# 0.97-1.00x): the fallback still pays about 1 us. `v8`: the kernel's code in the order a skewed input runs it -- the
# loads and the sample, then the block sort (as a function of its own, main's code), then the by-runs sort, which
# the block sort follows again only where the counts find long runs. Alternated twice against main (`head`) and the
# landed build (`final`, 9c87fe3), uniform and skewed keys at 2049 and 4864; ncu of v8's kernel as in round 3.
set -u
source scripts/device-round.sh
BUILDS=""
for b in head final v8; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 40 skew --algo radix,cub-radix --type u32,f32,u64 --values none,u32 \
  --dist uniform,all-equal,few-unique,entropy-0.811,entropy-0.201,zipf --n 2049,4864 --reps 20 -q
M='gpu__time_duration.sum,smsp__inst_executed.sum,launch__registers_per_thread,launch__shared_mem_per_block_dynamic'
d=${BUILDS##*v8=}
for dist in all-equal uniform; do
  part 40 ncu --cache-control all --clock-control none -k regex:small_sort --launch-skip 3 --launch-count 1 \
    --metrics "$M" "$d/gpusort-bench" --algo radix --type u32 --n 4864 --dist $dist --reps 5 -q
done
grep -E "^=== |^rc=|gpu__time|inst_executed|registers|dynamic" "$L" | cut -c1-160
