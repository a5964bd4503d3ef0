#!/usr/bin/env bash
# Session 63, round 4: the pairs' digits counted as the keys load (`cnt`, logs/session63/cnt.patch: each block counts
# every key it loads, both halves' digits, and after the cluster's barrier adds the other block's counts of its own
# half, read from that block's shared memory; the read-back then only loads) against the landed build (`land2`, the
# head `ce0e804`'s code), radix alone at 2^32+17 alternated twice; cnt's checks (the pairs' conformance parts, memcheck
# and synccheck, racecheck) and u32 at 2^32+17 validated. Then from land2: the parts test (its new test: counts that
# wrap past 2^32 send the path to the LSD passes) and u32, i32, f32 at 2.2e9 validated (one 1024-thread block a
# bucket, past 2^31 since round 3).
set -u
source scripts/device-round.sh
A=$(unpack .carry/land2.tar.xz)
C=$(unpack .carry/cnt.tar.xz)
BUILDS="land=$A cnt=$C" alternate 30 xl radix --type u32 --n 2^32+17 --reps 3 --validate none -q
part 40 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid, pairs' \
  bash .carry/device-run.sh .carry/cnt.tar.xz "$OUT/conformance"
part 100 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck racecheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid, pairs of 1024-thread blocks.*\)$' \
  GSB_PART_TIMEOUT=60 bash .carry/device-run.sh .carry/cnt.tar.xz "$OUT/sanitizer"
part 90 "$A/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
part 150 "$A/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --n 2.2e9 --reps 3 -q \
  --json "$OUT/s63-2.2e9-keys.json"
part 70 "$C/gpusort-bench" --algo radix,cub-radix --type u32 --n 2^32+17 --reps 3 -q --json "$OUT/s63-xl-u32-cnt.json"
grep -E "^=== |^rc=|PASSED|FAILED|SKIPPED|OK \]" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|rc=" "$OUT"/sanitizer/device.log | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    r = {}
    for c in json.load(open(f))["cases"]:
        print(f.split("/")[-1], c["backend"], c["key_type"], c["n"], c["status"], (c.get("validation") or {}).get("status"),
              c["timing"]["median_ms"] if c.get("timing") else None, c.get("reason"))
        if c.get("timing"): r[(c["backend"], c["key_type"], c["n"])] = c["timing"]["median_ms"]
    for (b, k, n), t in r.items():
        if b == "radix" and ("cub-radix", k, n) in r: print("ratio", k, n, round(r[("cub-radix", k, n)] / t, 3))
PY
