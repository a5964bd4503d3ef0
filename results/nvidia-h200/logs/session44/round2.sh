#!/usr/bin/env bash
# Session 44, round 2 (about 5 min): round 1 found main's LSD passes of u64+u32 on entropy keys at 1e8 1.6-2.7%
# slower with programmatic dependent launches than without (GSB_DEPENDENT_LAUNCH=0), and equal to round 18's code
# without them. G = main whose digit-pass kernel lets the next pass be scheduled only at its end (no explicit
# trigger), against C = main and C0 = main without dependent launches, alternated twice: 8-byte and 4-byte keys
# alone and with u32 / u64 values at 1e8 (uniform, entropy-0.201, entropy-0.337), and at 2^20 / 2^22 (uniform), where
# the dependent launches saved 3-9 us. Carry .carry/{main,g}.tar.xz.
set -u
source scripts/device-round.sh
C=$(unpack .carry/main.tar.xz)
G=$(unpack .carry/g.tar.xz)
big=(--algo radix-lsd,radix,cub-radix --type u64,u32 --values none,u32,u64 --n 1e8
  --dist uniform,entropy-0.201,entropy-0.337 --reps 10 -q)
small=(--algo radix,radix-lsd,cub-radix --type u32,u64 --values none,u32 --n 2^20,2^22 --reps 10 -q)
for r in a b; do
  for x in C C0 G; do
    case $x in
      C) run=("$C/gpusort-bench") ;;
      C0) run=(env GSB_DEPENDENT_LAUNCH=0 "$C/gpusort-bench") ;;
      G) run=("$G/gpusort-bench") ;;
    esac
    part 60 "${run[@]}" "${big[@]}" --json "$OUT/big-$x-$r.json"
    part 20 "${run[@]}" "${small[@]}" --json "$OUT/small-$x-$r.json"
  done
done
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -30
