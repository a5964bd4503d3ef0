#!/usr/bin/env bash
# Session 56, round 3: round 2's va (one load in the block sort's layout) made sorting by runs 0.8-1.3 us slower
# (256 threads counting and placing 19 keys each) and the fallback no faster; its 256 x 12 shape (vb) took skewed
# 4-byte keys at 2049-3072 from 0.88-0.97x to 1.00-1.16x. `vc`: main with that shape alone. `vx` (a diagnostic,
# not for landing): main whose by-runs step gives up at once unless forced (no sample, no load), so that the
# 512-thread kernel's block sort shows without the sample. Alternated twice against main (`head`), cub-radix in
# each run; ncu of the one-block kernel of head (as it falls, and never) and vx; conformance of vc's radix cases
# up to 70000 keys as the sample decides and by runs always.
set -u
source scripts/device-round.sh
BUILDS=""
for b in head vc vx; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
H=${BUILDS#*head=}; H=${H%% *}
C=${BUILDS#*vc=}; C=${C%% *}
X=${BUILDS#*vx=}; X=${X%% *}
alternate 40 skew --algo radix,cub-radix --type u32,f32,u64 --values none,u32 \
  --dist uniform,few-unique,entropy-0.811,entropy-0.544,entropy-0.201,zipf --n 2049,2600,3000,4864,1e4 --reps 20 -q
M='gpu__time_duration.sum,smsp__inst_executed.sum,launch__registers_per_thread,launch__shared_mem_per_block_dynamic'
for c in "u32 4864" "u64 2049"; do
  set -- $c
  for v in "$H auto" "$H never" "$X auto"; do
    set -- $c $v
    part 25 env GSB_RADIX_SMALL_RUNS=$4 ncu --cache-control all --clock-control none -k regex:small_sort --launch-skip 3 \
      --launch-count 1 --metrics "$M" "$3/gpusort-bench" --algo radix --type $1 --n $2 --dist entropy-0.544 --reps 5 -q
  done
done
for runs in auto always; do
  part 90 env GSB_RADIX_SMALL_RUNS=$runs GSB_CONFORMANCE_MAX_N=70000 "$C/tests/gsb_conformance" --gtest_brief=1 \
    '--gtest_filter=*/radix_*'
done
grep -E "^=== |^rc=|PASSED|FAILED|gpu__time|inst_exec|registers|dynamic" "$L" | cut -c1-180
