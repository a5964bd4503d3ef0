#!/usr/bin/env bash
# Planned in session 67 for a later session's first device call (not run: session 67's device time was spent).
# Issue 19, item 2: 4-byte keys alone past 2^31 after session 67's 1024-thread kernel that reads its bucket twice
# (050ba7f: one block a bucket to about 3.4e9 uniform u32 keys, pairs of cluster blocks past it). Session 67 measured
# u32 alone at 1.8e9, 2^31 and 3e9 (1.516x, 1.550x, 1.479x); i32 and f32 there, and every 4-byte type at 3.4e9, 4e9 and
# 2^32+17 (pairs of blocks, 1.44-1.56x in session 64), were not rerun. The head's build, validated, 3 repetitions,
# cub-radix in every run; the 2^32+17 cells are the heat map's column (radix-grid.s68-xl-keys.json when committed).
# Pack: scripts/pack-build.sh build/release head (under .carry). Run: LIMIT=570 bash <this script>.
set -u
source scripts/device-round.sh
H=$(unpack .carry/head.tar.xz)
part 150 "$H/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --n 3e9,3.4e9 --reps 3 -q --json "$OUT/past-3e9.json"
part 200 "$H/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --n 2^32+17 --reps 3 -q \
  --json "$OUT/xl-keys.json"
part 120 "$H/gpusort-bench" --algo cub-radix,radix --type u32 --n 4e9 --reps 3 -q --json "$OUT/u32-4e9.json"
grep -E "^=== |^rc=" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    t = {}
    for c in json.load(open(f))["cases"]:
        ok = c["status"] == "ok" and (c.get("validation") or {}).get("status") == "passed"
        t.setdefault((c["key_type"], c["n"]), {})[c["backend"]] = c["timing"]["median_ms"] if ok else None
    for k, v in t.items():
        r, cb = v.get("radix"), v.get("cub-radix")
        print(f.split("/")[-1], *k, "radix", r, "cub", cb, "ratio", f"{cb / r:.3f}" if r and cb else "-")
PY
