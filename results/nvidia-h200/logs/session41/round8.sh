#!/usr/bin/env bash
# Session 41, eighth call (about 6 min): the grid's main sub-run (n = 1 ... 2^28, every type x none/u32/u64, radix
# against cub-radix, one run) from main's final build of the session (1175aa1: the one-block path to 10240 / 16384
# keys and for 8-byte items from 1025, the LSD passes' dependent launches), so that the committed radix-grid.json
# is one run of the code as it stands.
# Carry .carry/main.tar.xz (packed by scripts/pack-build.sh build/release main).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 470 env GSB_TOOL="$M/gpusort-bench" scripts/sweep.sh --parts radix-grid --grid-runs main --no-plot --out "$OUT/grid"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -10
