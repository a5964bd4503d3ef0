#!/usr/bin/env bash
# Session 42, round 1b (same lease): round 1's ncu part again, its raw CSV brought back (round 1's parse printed
# nothing).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
for n in 2^22 1e7 2^24 1e8; do
  echo "=== ncu forced hybrid u32 n=$n" | tee -a "$L"
  GSB_RADIX_HYBRID_MIN_N=2 timeout 60 ncu --metrics gpu__time_duration.sum --csv --print-units base \
    "$M/gpusort-bench" --algo radix --type u32 --n "$n" --reps 1 --warmup 0 --validate none -q \
    > "$OUT/ncu-${n/^/p}.csv" 2>>"$L"
  echo "rc=$?" | tee -a "$L"
done
