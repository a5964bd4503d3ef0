#!/usr/bin/env bash
# Session 54, round 3: where the one-block path's fallback (skewed keys) loses 1.5 us against main. ncu (caches
# flushed, clocks free) of the one-block kernel alone, main (`head`) against round 2's `v2` and `v3`: u32 keys at
# 4864, all-equal (the sample sends v2 and v3 to the block sort) and uniform (by runs), kernel duration, instructions,
# warp stalls on instruction fetch and barriers; then the same sorts timed through gpusort-bench (which flushes L2
# before each repetition).
set -u
source scripts/device-round.sh
M='gpu__time_duration.sum,smsp__inst_executed.sum,regex:smsp__pcsamp_warps_issue_stalled_(no_instructions|barrier|long_scoreboard|short_scoreboard|wait)$,launch__registers_per_thread,launch__shared_mem_per_block_dynamic'
for b in head v2 v3; do
  d=$(unpack .carry/$b.tar.xz)
  for dist in all-equal uniform; do
    part 40 ncu --cache-control all --clock-control none -k regex:small_sort --launch-skip 3 --launch-count 1 \
      --metrics "$M" "$d/gpusort-bench" --algo radix --type u32 --n 4864 --dist $dist --reps 5 -q
  done
  part 20 "$d/gpusort-bench" --algo radix,cub-radix --type u32 --n 4864 --dist all-equal,uniform,zipf --reps 30 -q \
    --json "$OUT/timed-$b.json"
done
grep -E "^=== |^rc=|gpu__time|inst_executed|stalled|registers|dynamic" "$L" | cut -c1-160
