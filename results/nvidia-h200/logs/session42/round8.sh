#!/usr/bin/env bash
# Session 42, eighth call (about 5 min): the grid's main sub-run (n = 1 ... 2^28, every type x none/u32/u64) from the
# session's final build (c39ef69: warps for small buckets, the new thresholds, dependent launches in the hybrid path
# and the counting sort), for results/nvidia-h200/radix-grid.json.
# Carry .carry/main.tar.xz (this build).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 470 env GSB_TOOL="$M/gpusort-bench" scripts/sweep.sh --parts radix-grid --grid-runs main --no-plot --out "$OUT/grid"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -10
