#!/usr/bin/env bash
# Session 46, first call (planned in session 45, about 9 min): session 45's device time ran out before two things
# its landed build (5a3edd8: the look-back stepped through the ranking for keys alone, NOTES.md round 29) still
# needs. (1) The pass parts test's stepped walk (check_look_back<W, 3>, windows 1 and 8, over stale words of another
# stamp), added after the last call, alone and under compute-sanitizer; (2) the grid's main sub-run from that build,
# to replace results/nvidia-h200/radix-grid.json (session 44's build) and redraw the heat map with
#   scripts/plot $(ls results/nvidia-h200/radix-grid.*.json) results/nvidia-h200/radix-grid.json \
#     --out results/nvidia-h200/charts/radix-grid --format png,svg --charts ratio
# (the main file last). Prepare: CUDAARCHS=90-real bash scripts/build.sh; scripts/pack-build.sh build/release main.
# Move results/ out of the tree for the call if the carry and the tree pass 64 MiB, then put it back.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 120 env GSB_SKIP_BENCH=1 GSB_PARTS='radix pass parts' bash scripts/device-run.sh "$M" "$OUT/checks"
part 420 env GSB_TOOL="$M/gpusort-bench" scripts/sweep.sh --parts radix-grid --grid-runs main --no-plot --out "$OUT/grid"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -10
grep -E "^=== |PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/checks/device.log" | tail -20
