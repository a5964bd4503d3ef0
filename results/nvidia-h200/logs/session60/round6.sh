#!/usr/bin/env bash
# Session 60, round 6: with the 1024-thread kernel's MSD rounds landed, does it pay below its range? u32 keys alone at
# 1.2e9 (44-row kernel), 1.5e9 (52-row) and 1.7e9 (just past the 52-row kernel's capacity): the landed build as it
# chooses, and with the 1024-thread in-place shape forced (GSB_RADIX_BUCKET_THREADS=1024-in-place), alternated twice,
# radix alone, 3 repetitions, unvalidated. Then a validated run at 1.7e9 against cub-radix.
set -u
source scripts/device-round.sh
A=$(unpack .carry/land.tar.xz)
for round in a b; do
  part 40 "$A/gpusort-bench" --algo radix --type u32 --n 1.2e9,1.5e9,1.7e9 --reps 3 --validate none -q \
    --json "$OUT/shape-default-$round.json"
  part 40 env GSB_RADIX_BUCKET_THREADS=1024-in-place "$A/gpusort-bench" --algo radix --type u32 \
    --n 1.2e9,1.5e9,1.7e9 --reps 3 --validate none -q --json "$OUT/shape-1024-$round.json"
done
part 60 "$A/gpusort-bench" --algo radix,cub-radix --type u32 --n 1.7e9 --reps 3 -q --json "$OUT/validated-1.7e9.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
for f in "$OUT"/*.json; do
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(sys.argv[1].split('/')[-1], [(c['backend'], c['n'], round(c['timing']['median_ms'], 3), (c.get('validation') or {}).get('status')) for c in d['cases'] if c.get('timing')])" "$f"
done
