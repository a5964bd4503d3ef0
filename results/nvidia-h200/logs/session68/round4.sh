#!/usr/bin/env bash
# Session 68, round 4 (issue 19, item 2): round 3's f32 cells, which its time limits cut (land's build, validated,
# 3 repetitions, cub-radix in the same run): f32 keys alone at 2^32+17 and 3e9.
set -u
source scripts/device-round.sh
N=$(unpack .carry/land.tar.xz)
part 100 "$N/gpusort-bench" --algo cub-radix,radix --type f32 --n 2^32+17 --reps 3 -q --json "$OUT/xl-f32.json"
part 80 "$N/gpusort-bench" --algo cub-radix,radix --type f32 --n 3e9 --reps 3 -q --json "$OUT/f32-3e9.json"
grep -E "^=== |^rc=" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    for c in json.load(open(f))["cases"]:
        print(f.split("/")[-1], c["key_type"], c["n"], c["backend"], c["status"],
              (c.get("validation") or {}).get("status"), c["timing"]["median_ms"] if c.get("timing") else None)
PY
