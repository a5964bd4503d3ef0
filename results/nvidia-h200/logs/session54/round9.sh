#!/usr/bin/env bash
# Session 54, round 9: where the fallback's 0.5-1 us go. The landed build (`final`, 9c87fe3) as the sample decides
# (`auto`) and with GSB_RADIX_SMALL_RUNS=never (the block sort alone, launched with 256 threads and main's shared
# memory, no by-runs instruction run), alternated twice against main (`head`, 90e8099): if `never` is as slow as the
# fallback, the cost is the kernel's code, not the sample's work.
set -u
source scripts/device-round.sh
H=$(unpack .carry/head.tar.xz)
F=$(unpack .carry/final.tar.xz)
A='--algo radix,cub-radix --type u32,u64 --values none,u32 --dist uniform,all-equal,entropy-0.201,zipf --n 2049,4864 --reps 30 -q'
for round in a b; do
  part 30 "$H/gpusort-bench" $A --json "$OUT/fb-head-$round.json"
  part 30 "$F/gpusort-bench" $A --json "$OUT/fb-auto-$round.json"
  part 30 env GSB_RADIX_SMALL_RUNS=never "$F/gpusort-bench" $A --json "$OUT/fb-never-$round.json"
done
M='gpu__time_duration.sum,smsp__inst_executed.sum,launch__registers_per_thread,launch__shared_mem_per_block_dynamic,launch__block_size'
for v in head auto never; do
  case $v in head) d=$H; e=auto ;; *) d=$F; e=$v ;; esac
  part 30 env GSB_RADIX_SMALL_RUNS=$e ncu --cache-control all --clock-control none -k regex:small_sort --launch-skip 3 \
    --launch-count 1 --metrics "$M" "$d/gpusort-bench" --algo radix --type u32 --n 4864 --dist all-equal --reps 5 -q
done
grep -E "^=== |^rc=|gpu__time|inst_executed|registers|dynamic|block_size" "$L" | cut -c1-160
