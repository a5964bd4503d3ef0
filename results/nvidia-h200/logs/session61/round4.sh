#!/usr/bin/env bash
# Session 61, round 4: the grid's pair rows of 4- and 8-byte keys (u32 and u64 values) at 1e8, 2^27, 2^28 and 1e9
# from the landed build (`final`, 16d30c7: two-buffer buckets of 4-byte keys with 8-byte values carry positions, and
# every bucket_sort_kernel loads each value with its key), cub-radix in each run, validated, for the heat map; then
# the forced hybrid path through compute_80 PTX (`sm80`, the same tree built 80-virtual, GSB_ARCH=80).
set -u
source scripts/device-round.sh
F=$(unpack .carry/final.tar.xz)
part 300 "$F/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,u64,i64,f64 --values u32,u64 \
  --n 1e8,2^27,2^28 --reps 10 -q --json "$OUT/radix-grid.s61-pairs.json"
if [ -f .carry/sm80.tar.xz ]; then
  part 90 env GSB_ARCH=80 GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
    GSB_PARTS='^conformance \(radix hybrid(, 128-thread buckets|, 256-thread buckets| path from n = 2)' \
    bash .carry/device-run.sh .carry/sm80.tar.xz "$OUT/conformance-sm80"
fi
part 240 "$F/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,u64 --values u32,u64 --n 1e9 --reps 5 -q \
  --json "$OUT/radix-grid.s61-pairs-1e9.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED|arch|policy" "$OUT"/conformance-sm80/device.log 2>/dev/null | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, os
for f in ("radix-grid.s61-pairs.json", "radix-grid.s61-pairs-1e9.json"):
    p = f"{sys.argv[1]}/{f}"
    if not os.path.exists(p):
        continue
    t = {}
    for c in json.load(open(p))["cases"]:
        t[(c["key_type"], c["values"], c["n"], c["backend"])] = (
            c["timing"]["median_ms"] if c.get("timing") else None, c["status"], (c.get("validation") or {}).get("status"))
    bad = [k for k, v in t.items() if v[1] != "ok" or v[2] != "passed"]
    print(f, len(t), "cases; not ok/passed:", bad)
    for (kt, vs, n, b), v in sorted(t.items()):
        if b == "radix" and v[0] and t.get((kt, vs, n, "cub-radix"), (None,))[0]:
            print("ratio", kt, vs, n, round(v[0], 4), round(t[(kt, vs, n, "cub-radix")][0], 4),
                  round(t[(kt, vs, n, "cub-radix")][0] / v[0], 3))
PY
