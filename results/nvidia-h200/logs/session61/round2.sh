#!/usr/bin/env bash
# Session 61, round 2: `carry` (the two-buffer bucket sort of 4-byte keys with values: each key held as its position
# over its low half, the values in one buffer read once at the store; bucket_keys_carry_positions) against `main`
# (2577d0c), radix and cub-radix in every run, alternated twice; a validated run of `carry`; then its checks: the
# hybrid conformance parts (with the new 256-thread part), memcheck and synccheck of the forced hybrid path and its
# 128- and 512-thread buckets, racecheck of 128- and 256-thread buckets forced over pairs.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
C=$(unpack .carry/carry.tar.xz)
BUILDS="main=$M carry=$C"
alternate 60 pairs --algo radix,cub-radix --type u32 --values u32,u64 --n 1e8,2^28,5e8 --reps 10 --validate none -q
alternate 40 pairs4 --algo radix,cub-radix --type i32,f32 --values u32 --n 1e8 --reps 10 --validate none -q
part 90 "$C/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32,u64 --n 1e8 --reps 5 -q \
  --json "$OUT/carry-validated.json"
part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/carry.tar.xz "$OUT/conformance"
part 60 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, 128-thread buckets|, 512-thread buckets)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh .carry/carry.tar.xz "$OUT/sanitizer"
for t in 128 256; do
  part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=$t compute-sanitizer \
    --tool racecheck --error-exitcode 99 --print-limit 20 "$C/gpusort-bench" --algo radix --type u32,f32 \
    --values u32,u64 --n 1000,5000 --reps 1 --warmup 0 -q
done
grep -E "^=== |^rc=|RACECHECK|ERROR|PASSED|FAILED|failed" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, os
rows = {}
for name in ("pairs", "pairs4"):
    for b in ("main", "carry"):
        for r in "ab":
            f = f"{sys.argv[1]}/{name}-{b}-{r}.json"
            if not os.path.exists(f):
                continue
            for c in json.load(open(f))["cases"]:
                if c.get("timing"):
                    rows.setdefault((c["key_type"], c["values"], c["n"], c["backend"]), {}).setdefault(b, []).append(
                        round(c["timing"]["median_ms"], 4))
for k, v in sorted(rows.items()):
    print(k, v)
d = json.load(open(f"{sys.argv[1]}/carry-validated.json"))
t = {}
for c in d["cases"]:
    t[(c["key_type"], c["values"], c["n"], c["backend"])] = (c["timing"]["median_ms"] if c.get("timing") else None,
                                                            c["status"], (c.get("validation") or {}).get("status"))
for k, v in sorted(t.items()):
    print("validated", k, v)
for (kt, vs, n, b), v in sorted(t.items()):
    if b == "radix" and v[0] and t.get((kt, vs, n, "cub-radix"), (None,))[0]:
        print("ratio", kt, vs, n, round(t[(kt, vs, n, "cub-radix")][0] / v[0], 3))
PY
