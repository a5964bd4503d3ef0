#!/usr/bin/env bash
# Session 61, round 6: the landed build (`final2`: positions carried with 4-byte values too, round 5's `carry4` with
# comments changed only; PTX of the u32 unit identical): the grid's 4-byte rows with u32 values at 1e8, 2^27, 2^28,
# validated, cub-radix in the run, for the heat map; its checks not run on round 5's form: the forced 512-thread
# conformance part, memcheck and synccheck of the forced hybrid path's 128- and 512-thread buckets, racecheck of
# 128-, 256- and 512-thread buckets forced over 4-byte pairs.
set -u
LIMIT=175
source scripts/device-round.sh
F=$(unpack .carry/final2.tar.xz)
part 80 "$F/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 1e8,2^27,2^28 --reps 10 -q \
  --json "$OUT/radix-grid.s61-pairs4.json"
part 25 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid, 512-thread buckets' \
  bash .carry/device-run.sh .carry/final2.tar.xz "$OUT/conformance"
part 25 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid, (128|512)-thread buckets\)$' \
  GSB_PART_TIMEOUT=12 bash .carry/device-run.sh .carry/final2.tar.xz "$OUT/sanitizer"
for t in 128 256 512; do
  part 20 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=$t compute-sanitizer \
    --tool racecheck --error-exitcode 99 --print-limit 20 "$F/gpusort-bench" --algo radix --type u32,f32 \
    --values u32 --n 1000,3000 --reps 1 --warmup 0 -q
done
grep -E "^=== |^rc=|RACECHECK" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys
t = {}
for c in json.load(open(f"{sys.argv[1]}/radix-grid.s61-pairs4.json"))["cases"]:
    t[(c["key_type"], c["values"], c["n"], c["backend"])] = (
        c["timing"]["median_ms"] if c.get("timing") else None, c["status"], (c.get("validation") or {}).get("status"))
print(len(t), "cases; not ok/passed:", [k for k, v in t.items() if v[1] != "ok" or v[2] != "passed"])
for (kt, vs, n, b), v in sorted(t.items()):
    if b == "radix" and v[0] and t.get((kt, vs, n, "cub-radix"), (None,))[0]:
        c = t[(kt, vs, n, "cub-radix")][0]
        print("ratio", kt, vs, n, round(v[0], 4), round(c, 4), round(c / v[0], 3))
PY
