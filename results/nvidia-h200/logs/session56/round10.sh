#!/usr/bin/env bash
# Session 56, round 10 (diagnostic, not for landing): a block sort faster than CUB's? `mixed` sorts 4- and 8-byte keys'
# every bit in 6-bit rounds and then the top 14 (28) bits in two (four) 7-bit rounds: 5 rounds in place of 6 for 4-byte
# keys, 10 in place of 11 for 8-byte keys (cub::BlockRadixSort twice, the temp the larger of the two). Alternated
# twice against the landed build (`landed`, aea3817's code), each as the sample decides and forced never (the block
# sort alone), cub-radix in each run.
set -u
source scripts/device-round.sh
BUILDS=""
for b in landed mixed; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
for b in landed mixed; do
  d=${BUILDS#*$b=}; d=${d%% *}; w=$(mktemp -d)
  printf '#!/bin/sh\nGSB_RADIX_SMALL_RUNS=never exec %s/gpusort-bench "$@"\n' "$d" > "$w/gpusort-bench"; chmod +x "$w/gpusort-bench"
  BUILDS="$BUILDS $b-never=$w"
done
alternate 40 mixed --algo radix,cub-radix --type u32,f32,u64 --values none,u32 \
  --dist uniform,entropy-0.544,zipf --n 2049,3000,4864,7680,1e4 --reps 20 -q
grep -E "^=== |^rc=" "$L" | cut -c1-160
