#!/usr/bin/env bash
# Session 79 round 5 (issue 19, radix): round 4's question at 1e9, where its parts (validated) ran out of time: 4-byte
# pairs' bucket sort in the 512-thread two-buffer shape by runs (GSB_RADIX_BUCKET_THREADS=512) against the rule's
# (512 threads in place, two stable rounds). One validated sort of the forced shape, then timing only (--validate
# none), in turn, twice. `land` = 4fbef00. Run with LIMIT=330 (the session's last device time).
set -u
source scripts/device-round.sh
L1=$(unpack .carry/land.tar.xz)
part 80 env GSB_RADIX_BUCKET_THREADS=512 "$L1/gpusort-bench" --algo radix --type u32 --values u32 --n 1e9 --reps 1 \
  --warmup 0 -q --json "$OUT/check-512.json"
knob() { if [ "$1" = auto ]; then echo "env -u GSB_RADIX_BUCKET_THREADS"; else echo "env GSB_RADIX_BUCKET_THREADS=$1"; fi; }
for round in a b; do
  for mode in auto 512; do
    part 50 $(knob $mode) "$L1/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 --n 1e9 --reps 3 \
      --warmup 1 --validate none -q --json "$OUT/g-$mode-$round.json"
  done
done
summary radix cub-radix g-
