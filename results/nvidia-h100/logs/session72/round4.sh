#!/usr/bin/env bash
# Session 72 round 4, on an H100 (issue 19), build `fix` (a423d8e: the 1024-thread bucket kernel's capacity only from
# about 8.2e8 4-byte keys, hybrid_widest_block_pays; round 3 on an H200: u32 few-unique at 2^22 0.31x -> 1.47x).
# (1) every distribution of u32, i32 and f32 keys alone at 2^22, 5e6 and 6e6 with fix on the H100 (round 2 found
# few-unique there at 0.31x); (2) every radix conformance case; (3) the 8-byte keys' distributions at 1e8 that round
# 2's part did not reach (f64 alone and with u32 values); (4) the grid's big sub-run (1e9, values none, u32, u64) for
# f32 and u64. Every case validated. Build: as round 3's `fix`. Run: LIMIT=560 bash <this>.
set -u
source scripts/device-round.sh
X=$(unpack .carry/fix.tar.xz)
D=uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
part 60 "$X/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --n 2^22,5e6,6e6 --dist $D --reps 10 -q \
  --json "$OUT/radix-dist.s72-keys-fix.json"
part 150 "$X/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*radix*"
part 90 "$X/gpusort-bench" --algo cub-radix,radix --type f64 --values none,u32 --n 1e8 --dist $D --reps 5 -q \
  --json "$OUT/radix-dist.s72-1e8-f64.json"
for t in f32 u64; do
  part 120 env GSB_TOOL="$X/gpusort-bench" scripts/sweep.sh --parts radix-grid --grid-runs big --grid-types $t \
    --no-plot --out "$OUT/grid"
done
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|failed|mismatch" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json") + glob.glob(f"{sys.argv[1]}/grid/*.json")):
    t, bad = {}, 0
    cases = json.load(open(f))["cases"]
    for c in cases:
        ok = c["status"] == "ok" and (c.get("validation") or {}).get("status") == "passed"
        bad += not ok
        if not ok:
            print("NOT PASSED", c["backend"], c["key_type"], c.get("values"), c["n"], c["distribution"], c["status"])
            continue
        k = (c["key_type"], str(c.get("values")), c["n"], c["distribution"])
        t.setdefault(k, {})[c["backend"]] = c["timing"]["median_ms"]
    r = sorted((v["cub-radix"] / v["radix"], k) for k, v in t.items() if len(v) == 2)
    print(f.split("/")[-1], "cases:", len(cases), "not passed:", bad, "cells:", len(r),
          "under 1.0:", sum(x < 1 for x, _ in r), "under 0.95:", sum(x < 0.95 for x, _ in r))
    for x, k in r[:6]:
        print(f"  {x:.3f}", *k)
    for x, k in r:
        if k[3] == "few-unique":
            print(f"  few-unique {x:.3f}", *k)
PY
