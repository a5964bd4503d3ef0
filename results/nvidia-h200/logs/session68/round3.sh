#!/usr/bin/env bash
# Session 68, round 3 (issue 19, item 2): the landing build `land` (the 1024-thread kernel holding low halves, 106496
# keys a bucket on Hopper; runs held to 6 trips, or 10 in launches whose mean run passes 6 trips: round 2). Checks:
# device-run.sh's forced 1024-thread parts (conformance, the run past 2^16 keys validated; memcheck, synccheck and
# racecheck of that run), the radix conformance over every size (the capacities changed: a skewed input's buckets to
# 106496 keys now take the 1024-thread kernel). Then validated, 3 repetitions, cub-radix in every run: u32, i32 and f32
# keys alone at 2^32+17 (the heat map's column), at 3e9, u32 at 3.4e9 and 4e9.
set -u
source scripts/device-round.sh
B=.carry/land.tar.xz
part 60 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
  GSB_PARTS='1024-thread in-place buckets' bash .carry/device-run.sh $B "$OUT/forced"
part 60 env GSB_SKIP_BENCH=1 GSB_SKIP_TESTS=1 GSB_SANITIZE_PART=forced GSB_PARTS='a run past 2\^16 keys' \
  bash .carry/device-run.sh $B "$OUT/sanitize"
part 130 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(GPU\)$' GSB_CONFORMANCE_FILTER='*radix*' \
  bash .carry/device-run.sh $B "$OUT/conformance"
N=$(unpack $B)
part 150 "$N/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --n 2^32+17 --reps 3 -q --json "$OUT/xl-keys.json"
part 110 "$N/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --n 3e9 --reps 3 -q --json "$OUT/keys-3e9.json"
part 100 "$N/gpusort-bench" --algo cub-radix,radix --type u32 --n 3.4e9,4e9 --reps 3 -q --json "$OUT/u32-past-3e9.json"
grep -E "^=== |^rc=" "$L" | cut -c1-200
for d in forced sanitize conformance; do
  grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|tests ran| rc=" "$OUT/$d/device.log" | cut -c1-160
done
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
