#!/usr/bin/env bash
# Session 68, round 5 (issue 19, item 2): land's build at 2^31 (the 1024-thread kernel with runs held to 6 trips,
# low halves), validated, 3 repetitions, cub-radix in the same run: u32, i32 and f32 keys alone.
set -u
source scripts/device-round.sh
N=$(unpack .carry/land.tar.xz)
part 150 "$N/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --n 2^31 --reps 3 -q --json "$OUT/keys-2p31.json"
grep -E "^=== |^rc=" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    for c in json.load(open(f))["cases"]:
        print(f.split("/")[-1], c["key_type"], c["n"], c["backend"], c["status"],
              (c.get("validation") or {}).get("status"), c["timing"]["median_ms"] if c.get("timing") else None)
PY
