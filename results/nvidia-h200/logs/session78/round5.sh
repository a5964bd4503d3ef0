#!/usr/bin/env bash
# Session 78, round 5 (issue 19): where the four-way passes start for pairs. They are taken where the binary merge
# blocks would come in 3 waves or more (quad_min_waves, measured on u32 keys alone in session 76); pairs move 2-4 times
# the bytes a key, so a saved pass may pay below that. The landed build (`final` = bd827a6) as it falls against
# GSB_MERGE_SAMPLES_QUAD=1 (every ranked pass of more than two runs), in turn, twice, from 2^19 to 2^23; keys alone as
# the control. Run from the repository root with LIMIT and OUT as device-round.sh says; carry .carry/.
set -u
source scripts/device-round.sh
X=$(unpack .carry/final.tar.xz)
knob() { if [ "$1" = auto ]; then echo "env -u GSB_MERGE_SAMPLES_QUAD"; else echo "env GSB_MERGE_SAMPLES_QUAD=$1"; fi; }
for round in a b; do
  for mode in auto 1; do
    part 60 $(knob $mode) "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64 --values none,u32,u64 \
      --n 2^19,2^20,2^21,2^22,2^23 --reps 10 --warmup 2 -q --json "$OUT/t-$mode-$round.json"
  done
done
summary merge-samples cub-merge t
