#!/usr/bin/env bash
# Session 67, round 2 (issue 19). (1) Item 4: round 1 found u64+u64 at 1e8 faster with the sample overruled and the
# buckets past a block sorted by segmented passes (Zipf 8.28 against the LSD fallback's 8.55 ms, entropy-0.811 8.82
# against 9.21). Which keys and values gain: u32 and u64 keys, values none / u32 / u64, every skewed distribution,
# 1e8, as it is and forced (GSB_RADIX_LARGE_BUCKETS_BY=passes, GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576: the capacity as it
# is), each form its own process, cub-radix in each, validated. Build: `reread` (9945285 + logs/session66/reread.patch,
# which changes only 4-byte keys alone). (2) Item 2: reread's 1024-thread kernel and the pairs under memcheck, synccheck
# and racecheck, forced at small n (device-run.sh's forced sanitizer parts).
set -u
source scripts/device-round.sh
R=$(unpack .carry/reread.tar.xz)
D=zipf,entropy-0.201,entropy-0.544,entropy-0.811,few-unique
for how in lsd passes; do
  e=""; [ $how = passes ] && e="GSB_RADIX_LARGE_BUCKETS_BY=passes GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576"
  for t in u32 u64; do
    part 80 env $e "$R/gpusort-bench" --algo radix,cub-radix --type $t --values none,u32,u64 --dist $D \
      --n 1e8 --warmup 1 --reps 3 -q --json "$OUT/skew-$t-$how.json"
  done
done
part 200 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid, (1024-thread in-place buckets|pairs of 1024-thread blocks.*)\)$' \
  bash .carry/device-run.sh .carry/reread.tar.xz "$OUT/sanitizer"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== |PASSED|FAILED|SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
t = {}
for f in sorted(glob.glob(f"{sys.argv[1]}/skew-*.json")):
    how = f.split("-")[-1][:-5]
    for c in json.load(open(f))["cases"]:
        ok = c["status"] == "ok" and (c.get("validation") or {}).get("status") == "passed"
        t[(c["key_type"], c["values"], c["distribution"], how, c["backend"])] = c["timing"]["median_ms"] if ok else None
for k in sorted({k[:3] for k in t}):
    r, p = t.get(k + ("lsd", "radix")), t.get(k + ("passes", "radix"))
    c1, c2 = t.get(k + ("lsd", "cub-radix")), t.get(k + ("passes", "cub-radix"))
    f = lambda x: f"{x:7.3f}" if x else "   fail"
    q = lambda a, b: f"{a / b:6.3f}" if a and b else "     -"
    print(*k, "radix", f(r), f(p), "cub", f(c1), f(c2), "ratio", q(c1, r), q(c2, p))
PY
