#!/usr/bin/env bash
# Session 88 round 4 (issue 19, radix): the H100 grid's 2^32+17 column for the keys alone that round 3 left (u16, u8,
# u64, i64, f64; 8-byte keys need about 69 GB of the card's 80 for the two buffers), with the landed build (5b475ac's
# code, as round 3), validated, 5 repetitions. Run from the repository root with the tarball in .carry/.
set -u
LIMIT=${LIMIT:-390}
source scripts/device-round.sh
F=$(unpack .carry/fix.tar.xz)
part 380 env GSB_TOOL="$F/gpusort-bench" scripts/sweep.sh --parts radix-grid --reps 5 --no-plot --out "$OUT/grid" \
  --grid-runs xl --grid-xl-types u16,u8,u64,i64,f64 --grid-xl-values none
summary radix cub-radix
