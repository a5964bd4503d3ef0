#!/usr/bin/env bash
# Session 44, round 5 (about 6.5 min): the radix-grid part's main sub-run (n = 1 ... 2^28, every key type x
# none/u32/u64, radix and cub-radix) with the session's final build (7d6ccb5's device code: the digit passes let the
# next kernel in as their blocks end; session 43's polled skew sample), for results/nvidia-h200/radix-grid.json.
# Carry .carry/main.tar.xz (this build).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 470 env GSB_TOOL="$M/gpusort-bench" scripts/sweep.sh --parts radix-grid --grid-runs main --no-plot --out "$OUT/grid"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -10
