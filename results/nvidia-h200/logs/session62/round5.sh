#!/usr/bin/env bash
# Session 62, round 5: 8-byte keys alone in the 512-thread in-place bucket sort at 1e9 (one block an SM) with the
# prefetch that round 3 landed for pairs (`pfk`, logs/session62/pfk.patch on the landed head: GSB_EXP_BUCKET_PF
# overrides the per-type distance; unset, the landed behaviour, where keys alone do not prefetch), radix alone,
# unvalidated, 5 repetitions, settings alternated twice; then the grid's i64+u64 and f64+u64 cells at 1e9 with the
# landed behaviour (they prefetch since round 3), validated, cub-radix in the run.
set -u
source scripts/device-round.sh
P=$(unpack .carry/pfk.tar.xz)
for round in a b; do
  for w in -1 2 4; do
    part 45 env GSB_EXP_BUCKET_PF=$w "$P/gpusort-bench" --algo radix --type u64 --n 1e9 --reps 5 --validate none -q \
      --json "$OUT/k$w-$round.json"
  done
done
part 150 "$P/gpusort-bench" --algo radix,cub-radix --type i64,f64 --values u64 --n 1e9 --reps 5 -q \
  --json "$OUT/radix-grid.s62-8byte-u64-1e9.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, os, glob
rows = {}
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    tag = os.path.basename(f)[:-5]
    for c in json.load(open(f))["cases"]:
        if c.get("timing"):
            rows.setdefault((c["key_type"], c["values"], c["backend"]), {}).setdefault(tag.rsplit("-", 1)[0], []).append(
                (round(c["timing"]["median_ms"], 3), (c.get("validation") or {}).get("status")))
for k, v in sorted(rows.items()):
    print(k, v)
PY
