#!/usr/bin/env bash
# Session 72 round 5, on an H100 (issue 19), build `fix` (a423d8e). Round 4's two cells under 0.95 (f32 keys alone,
# uniform at 6e6 0.829x and sorted at 5e6 0.878x) had samples spread 139-410 us and 185-306 us in that run (cub-radix's
# entropy-0.201 374-533 us): (1) the same part again, twice; (2) the 8-byte keys with u32 values that lose on the H100
# at 1e8 (entropy-0.811 0.93x, Zipf 0.97x), with radix-lsd beside them (the LSD row, where the sample sends them to
# the fallback's own policy, tuned on an H200). Every case validated. Run: LIMIT=150 bash <this>.
set -u
source scripts/device-round.sh
X=$(unpack .carry/fix.tar.xz)
D=uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
for r in a b; do
  part 30 "$X/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --n 2^22,5e6,6e6 --dist $D --reps 10 -q \
    --json "$OUT/radix-dist.s72-keys-fix-$r.json"
done
part 60 "$X/gpusort-bench" --algo cub-radix,radix,radix-lsd --type u64,f64 --values u32 --n 1e8 \
  --dist entropy-0.811,zipf,entropy-0.544 --reps 5 -q --json "$OUT/radix-dist.s72-8byte-u32-lsd.json"
grep -E "^=== |^rc=|PASSED|FAILED|failed|mismatch" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    t, bad = {}, 0
    cases = json.load(open(f))["cases"]
    for c in cases:
        ok = c["status"] == "ok" and (c.get("validation") or {}).get("status") == "passed"
        bad += not ok
        k = (c["key_type"], str(c.get("values")), c["n"], c["distribution"])
        if ok:
            t.setdefault(k, {})[c["backend"]] = c["timing"]["median_ms"]
    r = sorted((v["cub-radix"] / v["radix"], k, v) for k, v in t.items())
    print(f.split("/")[-1], "cases:", len(cases), "not passed:", bad, "cells:", len(r),
          "under 1.0:", sum(x < 1 for x, _, _ in r), "under 0.95:", sum(x < 0.95 for x, _, _ in r))
    for x, k, v in r[:6]:
        print(f"  {x:.3f}", *k, {b: round(ms, 3) for b, ms in v.items()})
PY
