#!/usr/bin/env bash
# Session 51, round 5 (main 9a4b8b7's build): the grid's f32 and f64 rows (every value mode, 1e7 ... 1e9), which the
# listed later launches and the floats' thresholds moved; then what skewed 8-byte pairs at 1e8 pay over radix-lsd (the
# sample's verdict and the fallback: 0.994-1.005x cub-radix in session 49, round 33), ncu kernel durations of radix and
# radix-lsd on u64+u32 entropy-0.201 keys, and the cells timed twice.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 150 "$M/gpusort-bench" --algo radix,cub-radix --type f32,f64 --values none,u32,u64 --n 1e7,2^24,1e8,2^27,2^28 \
  --reps 10 -q --json "$OUT/grid-floats.json"
for a in radix radix-lsd; do
  part 60 ncu --clock-control none --metrics gpu__time_duration.sum --csv --print-units base "$M/gpusort-bench" \
    --algo "$a" --type u64 --values u32 --dist entropy-0.201 --n 1e8 --reps 1 --warmup 0 --validate none -q
done
for r in a b; do
  part 90 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,i64 --values u32,u64 \
    --dist entropy-0.201,entropy-0.544,zipf --n 1e8 --reps 10 -q --json "$OUT/skewed8-$r.json"
done
part 200 "$M/gpusort-bench" --algo radix,cub-radix --type f32,f64 --values none,u32,u64 --n 1e9 --reps 5 -q \
  --json "$OUT/grid-floats-1e9.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
