#!/usr/bin/env bash
# Session 62, round 6: the landed rule (`land2`: 8-byte keys alone prefetch in the 512-thread in-place bucket sort
# too, 2 eighths, where one block is resident per SM; only 8-byte keys with 4-byte values do not). Its checks (the
# forced in-place conformance part over every 4- and 8-byte type and value mode, where one block is resident per SM
# by its registers, so the prefetch runs; memcheck and synccheck of it), then the grid's 8-byte keys-alone cells at
# 1e9, validated, cub-radix in the run.
set -u
source scripts/device-round.sh
T=.carry/land2.tar.xz
part 40 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid, in-place buckets\)' \
  bash .carry/device-run.sh "$T" "$OUT/conformance"
part 40 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid, in-place buckets\)$' GSB_PART_TIMEOUT=30 \
  bash .carry/device-run.sh "$T" "$OUT/sanitizer"
M=$(unpack "$T")
part 120 "$M/gpusort-bench" --algo radix,cub-radix --type u64,i64,f64 --n 1e9 --reps 5 -q \
  --json "$OUT/radix-grid.s62-8byte-keys-1e9.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/radix-grid.*.json")):
    r = {}
    for c in json.load(open(f))["cases"]:
        print(c["backend"], c["key_type"], c["values"], c["n"], c["status"], (c.get("validation") or {}).get("status"),
              c["timing"]["median_ms"] if c.get("timing") else None)
        if c.get("timing"): r[(c["backend"], c["key_type"], c["values"])] = c["timing"]["median_ms"]
    for (b, k, v), t in r.items():
        if b == "radix" and ("cub-radix", k, v) in r: print("ratio", k, v, round(r[("cub-radix", k, v)] / t, 3))
PY
