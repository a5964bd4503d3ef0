#!/usr/bin/env bash
# Session 63, round 1: 4-byte keys alone past one block's buckets (`pairs`, logs/session63/pairs.patch): two blocks of
# a cluster sort each 16-bit bucket (bucket_pair_sort_kernel, each the keys of one value of bit 15), to about 4.7e9
# keys where the path stopped at 2^31; the plan checks that its counts add up (past 2^32 a 32-bit count may wrap).
# Its checks: every forced hybrid conformance part (two new: the pairs, and the pairs holding 8 keys each, whose
# buckets with a half past that go one block each through global memory), memcheck and synccheck of the forced
# hybrid path, its in-place shapes, the pairs and the buckets past a block, racecheck of the pairs; then u32 keys at
# 2^32+17 validated against cub-radix in the run, i32 and f32 alike, and u32 at 2.2e9 and 3e9 timed.
set -u
source scripts/device-round.sh
T=.carry/pairs.tar.xz
part 110 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh "$T" "$OUT/conformance"
M=$(unpack "$T")
part 110 "$M/gpusort-bench" --algo radix,cub-radix --type u32 --n 2^32+17 --reps 3 -q \
  --json "$OUT/radix-grid.s63-xl-u32.json"
part 80 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, in-place buckets|, 1024-thread in-place buckets|, pairs of 1024-thread blocks.*|, buckets past a block)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh "$T" "$OUT/sanitizer"
part 70 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="racecheck" \
  GSB_PARTS='^compute-sanitizer racecheck \(radix hybrid, pairs of 1024-thread blocks\)$' \
  GSB_PART_TIMEOUT=65 bash .carry/device-run.sh "$T" "$OUT/racecheck"
part 170 "$M/gpusort-bench" --algo radix,cub-radix --type i32,f32 --n 2^32+17 --reps 3 -q \
  --json "$OUT/radix-grid.s63-xl-i32-f32.json"
part 60 "$M/gpusort-bench" --algo radix,cub-radix --type u32 --n 2.2e9,3e9 --reps 3 --validate none -q \
  --json "$OUT/s63-u32-mid.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT"/sanitizer/device.log "$OUT"/racecheck/device.log | cut -c1-160
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
