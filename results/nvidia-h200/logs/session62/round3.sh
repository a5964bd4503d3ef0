#!/usr/bin/env bash
# Session 62, round 3: the landed form of round 2 (`land`: the 512-thread in-place bucket sort prefetches keys and
# values 2 eighths of a wave ahead where one block is resident per SM, for 4-byte keys with values and 8-byte keys
# with 8-byte values). Its checks (every forced hybrid conformance part; memcheck and synccheck of the forced hybrid
# path and its 128-thread, 512-thread and in-place buckets: forced in place at small n, one block is resident per SM
# by its registers, so the prefetch runs there), then the grid's 1e9 cells it moves, validated, cub-radix in the run.
set -u
source scripts/device-round.sh
T=.carry/land.tar.xz
part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh "$T" "$OUT/conformance"
part 70 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, 128-thread buckets|, 512-thread buckets|, in-place buckets)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh "$T" "$OUT/sanitizer"
M=$(unpack "$T")
part 130 "$M/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 1e9 --reps 5 -q \
  --json "$OUT/radix-grid.s62-4byte-u32-1e9.json"
part 130 "$M/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u64 --n 1e9 --reps 5 -q \
  --json "$OUT/radix-grid.s62-4byte-u64-1e9.json"
part 60 "$M/gpusort-bench" --algo radix,cub-radix --type u64 --values u64 --n 1e9 --reps 5 -q \
  --json "$OUT/radix-grid.s62-u64u64-1e9.json"
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
