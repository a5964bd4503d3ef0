#!/usr/bin/env bash
# Session 55, round 4: round 3's v5 (the runs' cost estimated from the sample) took uniform, sorted and all-equal
# keys 0.3-0.5 us longer than v2, for a few more instructions before the sample's barrier. Its SASS beside v2's (the
# u32 keys-alone 256 x 19 kernel by runs), and ncu of both (u32 uniform and all-equal at 4864).
set -u
source scripts/device-round.sh
K='_ZN3gsb5radix8onesweep17small_sort_kernelIjNS_7NoValueENS1_10SmallShapeILi256ELi19ELb0ELi0ELi12ELi512EEEEEvPT_PT0_jNS_8KeyCodecIS5_EENS1_9SmallRunsE'
M='gpu__time_duration.sum,smsp__inst_executed.sum,sm__warps_launched.sum,smsp__pcsamp_warps_issue_stalled_no_instructions,smsp__pcsamp_warps_issue_stalled_long_scoreboard'
for b in v2 v5; do
  d=$(unpack .carry/$b.tar.xz)
  part 30 cuobjdump -sass -fun "$K" "$d/libgsb.so" > "$OUT/$b.sass" 2>&1
  for dist in uniform all-equal; do
    part 25 ncu --cache-control all --clock-control none -k regex:small_sort --launch-skip 3 --launch-count 1 \
      --metrics gpu__time_duration.sum,smsp__inst_executed.sum "$d/gpusort-bench" --algo radix --type u32 --n 4864 --dist $dist --reps 5 -q
  done
done
wc -l "$OUT"/*.sass
grep -E "^=== |^rc=|gpu__time|inst_executed" "$L" | cut -c1-160
