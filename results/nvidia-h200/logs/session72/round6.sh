#!/usr/bin/env bash
# Session 72 round 6, on an H200 (issue 19), build `fix` (a423d8e). Besides few distinct keys, the inputs whose
# buckets the capacity rule moves from the 1024-thread kernel to the large buckets' kernels below about 8.2e8 keys are
# those with buckets of 26865 .. 106496 keys that the sample lets through: f32 keys alone from a normal distribution
# (its keys crowd a few exponents) is the tool's candidate. radix, radix-lsd and cub-radix on it at 2^22 .. 2^28, and
# f32 uniform at 8e8 and 8.5e8 (either side of the rule), 5 repetitions, every case validated.
# Run: LIMIT=150 bash <this>.
set -u
source scripts/device-round.sh
X=$(unpack .carry/fix.tar.xz)
part 90 "$X/gpusort-bench" --algo cub-radix,radix,radix-lsd --type f32 --n 2^22,6e6,1e7,2^24,1e8,2^28 --dist normal \
  --reps 5 -q --json "$OUT/f32-normal.json"
part 50 "$X/gpusort-bench" --algo cub-radix,radix --type f32 --n 8e8,8.5e8 --reps 3 -q --json "$OUT/f32-rule.json"
grep -E "^=== |^rc=" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    t = {}
    for c in json.load(open(f))["cases"]:
        ok = c["status"] == "ok" and (c.get("validation") or {}).get("status") == "passed"
        t.setdefault((c["key_type"], c["n"], c["distribution"]), {})[c["backend"]] = \
            round(c["timing"]["median_ms"], 4) if ok else "NOT PASSED"
    for k, v in sorted(t.items()):
        print(f.split("/")[-1], *k, v)
PY
