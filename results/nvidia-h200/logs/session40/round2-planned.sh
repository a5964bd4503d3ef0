#!/usr/bin/env bash
# (Session 40: run as the grid part of round5.sh, with the build of e3de2e4; round 1 ran as planned, round 3 inside round2.sh.)
# Planned in session 39: the grid's main sub-run (n <= 2^28, every key type, values none/u32/u64; about 5-6 min on an
# H200) with main's build, to replace results/nvidia-h200/radix-grid.json, which is from a490dcf (2026-11-27) and
# predates rounds 13-23. Carry .carry/main.tar.xz. Afterwards, here: cp the JSON to results/nvidia-h200/ and redraw
#   python3 scripts/plot $(ls results/nvidia-h200/radix-grid*.json) --charts ratio --out results/nvidia-h200/charts/radix-grid
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
mkdir -p "$OUT/grid"
part 560 env GSB_TOOL="$M/gpusort-bench" scripts/sweep.sh --parts radix-grid --grid-runs main --no-plot --out "$OUT/grid"
tail -5 "$OUT/grid/sweep.log"
