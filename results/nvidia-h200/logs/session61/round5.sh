#!/usr/bin/env bash
# Session 61, round 5: `carry4` (logs/session61/carry4.patch on 277e557: the two-buffer buckets of 4-byte keys carry
# their positions with 4-byte values too, as round 2's form, now with each value loaded beside its key) against
# `final` (277e557), radix and cub-radix in every run, alternated twice; its checks: the forced 128- and 256-thread
# bucket conformance parts, memcheck of the forced hybrid path's 128-thread buckets.
set -u
source scripts/device-round.sh
F=$(unpack .carry/final.tar.xz)
C=$(unpack .carry/carry4.tar.xz)
BUILDS="final=$F carry4=$C"
alternate 40 c4 --algo radix,cub-radix --type u32 --values u32 --n 1e8,2^28 --reps 10 --validate none -q
part 40 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid, (128|256)-thread buckets' \
  bash .carry/device-run.sh .carry/carry4.tar.xz "$OUT/conformance"
part 30 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid, 128-thread buckets\)$' \
  GSB_PART_TIMEOUT=25 bash .carry/device-run.sh .carry/carry4.tar.xz "$OUT/sanitizer"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, os
rows = {}
for b in ("final", "carry4"):
    for r in "ab":
        f = f"{sys.argv[1]}/c4-{b}-{r}.json"
        if os.path.exists(f):
            for c in json.load(open(f))["cases"]:
                if c.get("timing"):
                    rows.setdefault((c["key_type"], c["values"], c["n"], c["backend"]), {}).setdefault(b, []).append(
                        round(c["timing"]["median_ms"], 4))
for k, v in sorted(rows.items()):
    print(k, v)
PY
