#!/usr/bin/env bash
# Session 64, round 3. Round 2 (u32, one process, forms in turn): form 28 (one ballot a row, stores to cluster-shared
# addresses without branches, the first cluster barrier split, the rows loops stopped) 59.38 ms at 2^32+17 and 42.87
# at 3e9 where the head took 62.39 and 46.20; its source counters (form 60) showed each store to a cluster-shared
# address compiled to a generic one behind an S2R of the shared window, and each row's valid lanes computed twice.
# `forms3` (logs/session64/forms3.patch): form 84 (bit 6) as 60 with the other block's keys through the generic
# pointer (its base once) and the passes of whole rows without bounds. Forms 0, 28, 60, 84 in turn, u32, validated,
# 2^32+17 and 3e9; form 84's forced pairs conformance parts, memcheck and synccheck.
set -u
source scripts/device-round.sh
T=.carry/forms3.tar.xz
F=$(unpack "$T")
FORMS=0,28,60,84
part 80 env GSB_PAIR_FORMS=$FORMS "$F/gpusort-bench" --algo radix --type u32 --n 2^32+17 --warmup 4 --reps 24 -q \
  --json "$OUT/forms-xl.json"
part 60 env GSB_PAIR_FORMS=$FORMS "$F/gpusort-bench" --algo radix --type u32 --n 3e9 --warmup 4 --reps 24 -q \
  --json "$OUT/forms-3e9.json"
for form in 84; do
  part 30 env GSB_PAIR_FORMS=$form GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid, pairs' \
    bash .carry/device-run.sh "$T" "$OUT/conformance-form$form"
  part 40 env GSB_PAIR_FORMS=$form GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
    GSB_SANITIZER_TOOLS="memcheck synccheck" GSB_PARTS='^compute-sanitizer .*\(radix hybrid, pairs of 1024-thread blocks.*\)$' \
    GSB_PART_TIMEOUT=30 bash .carry/device-run.sh "$T" "$OUT/sanitizer-form$form"
done
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance*/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer*/device.log | cut -c1-160
python3 - "$OUT" "$FORMS" <<'PY'
import json, sys, statistics
forms = sys.argv[2].split(",")
for name in ("forms-xl", "forms-3e9"):
    try:
        c = json.load(open(f"{sys.argv[1]}/{name}.json"))["cases"][0]
    except Exception as e:
        print(name, "missing", e); continue
    s = c["timing"]["samples_ms"]
    print(name, c["n"], c["validation"]["status"] if c.get("validation") else None, len(s), "samples")
    for i, f in enumerate(forms):
        mine = s[i::len(forms)]
        print(f"  form {f}: median {statistics.median(mine):.3f} ms  samples {' '.join(f'{x:.2f}' for x in mine)}")
PY
