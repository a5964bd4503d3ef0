#!/usr/bin/env bash
# Planned in session 69 for a later session's first device call (not run: session 69's device time was spent).
# Issue 19: the landed code of session 69 (93546db and on), validated, cub-radix in the same run, so that its claims
# rest on one run each: (1) 4-byte keys alone past 2^31 with the 1024-thread kernel's prefetch stopped there (rounds
# 8-9 measured it through an experiment variable, --validate none): u32, i32, f32 at 3e9 and 2^32+17, u32 at 2^31,
# 3.4e9 and 4e9 (the heat map's 2^32+17 column takes xl-keys.json); (2) 4-byte keys with u32 values, whose two-buffer
# buckets sort by one counting round and short runs (round 53), over the grid's sizes from 2^22 to 1e9 (the heat map
# takes pairs.json). Build: scripts/build.sh && scripts/pack-build.sh build/release land. Run: LIMIT=560 bash <this>.
set -u
source scripts/device-round.sh
N=$(unpack .carry/land.tar.xz)
part 170 "$N/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --n 3e9,2^32+17 --reps 3 -q --json "$OUT/xl-keys.json"
part 150 "$N/gpusort-bench" --algo cub-radix,radix --type u32 --n 2^31,3.4e9,4e9 --reps 3 -q --json "$OUT/u32-past-2p31.json"
part 200 "$N/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 2^22,1e7,2^24,1e8,2^27,2^28,1e9 \
  --reps 5 -q --json "$OUT/pairs.json"
grep -E "^=== |^rc=" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    t = {}
    for c in json.load(open(f))["cases"]:
        ok = c["status"] == "ok" and (c.get("validation") or {}).get("status") == "passed"
        t.setdefault((c["key_type"], c.get("values"), c["n"]), {})[c["backend"]] = (c["timing"]["median_ms"], ok)
    for k, v in sorted(t.items()):
        if "radix" in v and "cub-radix" in v:
            print(f.split("/")[-1], *k, v["radix"], v["cub-radix"], round(v["cub-radix"][0] / v["radix"][0], 3))
PY
