#!/usr/bin/env bash
# Session 70, round 3 (issue 19). (1) Round 1's first part was cut at its limit before i32 and f32 keys alone at
# 2^32+17 ran: those two, validated, cub-radix in the same run (the landed build, f6b571e's code: `base`). (2) `skip`
# (f6b571e + skip.patch): the pairs' by-runs ranking takes a run of one key as its own rank without reading the run
# (uniform keys at 1e8: about 69% of the keys); its correctness (the forced hybrid conformance of 4-byte keys with u32
# values in 128-, 256- and 512-thread buckets, racecheck of the 256-thread shape at 3000) and its timing against base,
# cub-radix in every run, --validate none, alternated twice: u32/i32/f32 with u32 values at 1e8, 2^27, 2^28.
set -u
source scripts/device-round.sh
A=$(unpack .carry/base.tar.xz)
K=$(unpack .carry/skip.tar.xz)
part 150 "$A/gpusort-bench" --algo cub-radix,radix --type i32,f32 --n 2^32+17 --reps 3 -q --json "$OUT/xl-keys.json"
P="*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
for t in 256 128 512; do
  part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$t "$K/tests/gsb_conformance" --gtest_brief=1 \
    "--gtest_filter=$P"
done
part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=256 compute-sanitizer --tool racecheck --error-exitcode 99 \
  --print-limit 20 "$K/gpusort-bench" --algo radix --type u32 --values u32 --n 3000 \
  --dist uniform,few-unique,entropy-0.201 --reps 1 --warmup 0 -q
BUILDS="base=$A skip=$K"
alternate 40 pairs32 --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 1e8,2^27,2^28 --warmup 1 --reps 5 \
  --validate none -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|failed|mismatch" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
t = {}
for f in sorted(glob.glob(f"{sys.argv[1]}/pairs32-*.json")):
    build = f.split("/")[-1][len("pairs32-"):-len(".json")]
    for c in json.load(open(f))["cases"]:
        t.setdefault((c["key_type"], c["n"]), {})[(build, c["backend"])] = c["timing"]["median_ms"]
for k, v in sorted(t.items()):
    print(*k, " ".join(f"{b}:{ms:.4f}" for (b, be), ms in sorted(v.items()) if be == "radix"),
          " ".join(f"cub-{b}:{ms:.4f}" for (b, be), ms in sorted(v.items()) if be == "cub-radix"))
f = f"{sys.argv[1]}/xl-keys.json"
t = {}
for c in json.load(open(f))["cases"]:
    ok = c["status"] == "ok" and (c.get("validation") or {}).get("status") == "passed"
    t.setdefault((c["key_type"], c["n"]), {})[c["backend"]] = (c["timing"]["median_ms"], ok)
for k, v in sorted(t.items()):
    if "radix" in v and "cub-radix" in v:
        print("xl-keys.json", *k, v["radix"], v["cub-radix"], round(v["cub-radix"][0] / v["radix"][0], 3))
PY
