#!/usr/bin/env bash
# Session 71 round 2. Issue 19, item 1 (4-byte keys with u32 values from 2^22): the hybrid path is tried for them from
# 7e6 (hybrid.hpp: hybrid_min_items, set in session 53, NOTES.md round 37, where at 6e6 it gained on uniform pairs but
# skewed ones paid 23-31 us for the sample's verdict); sessions 61-69 made the path's pairs faster since. This measures
# the landed build (f6b571e: base.tar.xz) as it is (the LSD passes below 7e6) and with the path tried from 2^22
# (GSB_RADIX_HYBRID_MIN_N, a test's override), in turn, twice, cub-radix in every run, every case validated: u32,
# i32, f32 with u32 values at 2^22, 5e6, 6e6 over uniform, sorted, few-unique, Zipf and three entropies.
# Run: LIMIT=300 bash <this>.
set -u
source scripts/device-round.sh
A=$(unpack .carry/base.tar.xz)
C="--algo cub-radix,radix --type u32,i32,f32 --values u32 --n 2^22,5e6,6e6 --warmup 2 --reps 10 -q"
C="$C --dist uniform,sorted,few-unique,zipf,entropy-0.811,entropy-0.544,entropy-0.201"
for r in a b; do
  part 60 "$A/gpusort-bench" $C --json "$OUT/small-pairs-lsd-$r.json"
  part 60 env GSB_RADIX_HYBRID_MIN_N=4194304 "$A/gpusort-bench" $C --json "$OUT/small-pairs-path-$r.json"
done
grep -E "^=== |^rc=|failed|mismatch" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
t = {}
bad = 0
for f in sorted(glob.glob(f"{sys.argv[1]}/small-pairs-*.json")):
    form = f.split("/")[-1][len("small-pairs-"):-len(".json")]
    for c in json.load(open(f))["cases"]:
        ok = c["status"] == "ok" and (c.get("validation") or {}).get("status") == "passed"
        bad += not ok
        t.setdefault((c["key_type"], c["n"], c["distribution"]), {})[(form, c["backend"])] = c["timing"]["median_ms"]
print("cases not passed:", bad)
for k, v in sorted(t.items()):
    r = {f: ms for (f, be), ms in v.items() if be == "radix"}
    cub = [ms for (f, be), ms in v.items() if be == "cub-radix"]
    cm = sorted(cub)[len(cub) // 2]
    print(*k, " ".join(f"{f}:{ms * 1e3:.1f}({cm / ms:.3f})" for f, ms in sorted(r.items())), f"cub:{cm * 1e3:.1f}")
PY
