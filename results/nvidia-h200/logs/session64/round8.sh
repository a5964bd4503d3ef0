#!/usr/bin/env bash
# Session 64, round 8: the pairs' prefetch by the input's mean bucket (`land2`, logs/session64/prefetch.patch, host
# code only: the prefetch up to 57344 keys a mean bucket, none past it; rounds 6-7). The grid's 2^32+17 cells of 4-byte
# keys alone and u32 at 4e9, validated, cub-radix in the run; the pairs' conformance parts and memcheck (small n,
# where the prefetch is as before).
set -u
source scripts/device-round.sh
T=.carry/land2.tar.xz
M=$(unpack "$T")
part 170 "$M/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --n 2^32+17 --reps 3 -q \
  --json "$OUT/radix-grid.s64-xl-keys.json"
part 60 "$M/gpusort-bench" --algo radix,cub-radix --type u32 --n 4e9 --reps 3 -q --json "$OUT/s64-u32-4e9.json"
part 30 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid, pairs' \
  bash .carry/device-run.sh "$T" "$OUT/conformance"
part 40 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid, pairs of 1024-thread blocks.*\)$' \
  GSB_PART_TIMEOUT=30 bash .carry/device-run.sh "$T" "$OUT/sanitizer"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    r = {}
    for c in json.load(open(f))["cases"]:
        print(c["backend"], c["key_type"], c["values"], c["n"], c["status"], (c.get("validation") or {}).get("status"),
              c["timing"]["median_ms"] if c.get("timing") else None, c.get("reason"))
        if c.get("timing"): r[(c["backend"], c["key_type"], c["values"], c["n"])] = c["timing"]["median_ms"]
    for (b, k, v, n), t in r.items():
        if b == "radix" and ("cub-radix", k, v, n) in r: print("ratio", k, v, n, round(r[("cub-radix", k, v, n)] / t, 3))
PY
