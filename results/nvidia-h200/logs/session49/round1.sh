#!/usr/bin/env bash
# Session 49, first call (planned in session 48, about 3 min; rename to round1.sh when run). Measurements to aim the
# next round by, from main as session 48 left it (round 32 of backends/radix/NOTES.md):
#   1. ncu's kernel durations (clocks at base) of one u32 sort at 1e7, 2^24, 1e8 and 2^28 (where 1.5x is missed by
#      1-12%: 201 us against 188 needed at 1e7, 1.390 ms against 1.373 at 1e8);
#   2. u64+u32 entropy-0.201 and entropy-0.544 at 1e8 (0.976x and 0.9999x in session 48's round 7; 0.997x in round 28),
#      three runs, with radix-lsd beside radix (the same LSD passes) to tell the passes' spread from round 32's cost.
# Prepare: CUDAARCHS=90-real bash scripts/build.sh; scripts/pack-build.sh build/release main. Carry .carry/main.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
for n in 1e7 2^24 1e8 2^28; do
  part 30 ncu --metrics gpu__time_duration.sum --csv --print-units base "$M/gpusort-bench" --algo radix --type u32 \
    --n "$n" --reps 1 --warmup 0 --validate none -q
done
for r in a b c; do
  part 40 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64 --values u32 --n 1e8 \
    --dist entropy-0.201,entropy-0.544 --reps 10 -q --json "$OUT/pairs-entropy-$r.json"
done
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -E '"(ID|[0-9]+)",' "$L" | awk -F'","' '{print $5 " " $NF}' | sed 's/(.*) / /' | cut -c1-120
