#!/usr/bin/env bash
# Session 66, round 6. (1) The radix conformance over every size with the landed device code (`fallback`, d0f035d's),
# every radix back-end's cases. (2) A lead for skewed 8-byte pairs, not to land: u64+u64 Zipf / entropy-0.811 stay
# under 1.0 (0.984-0.994x at 2^28 and 1e9) behind the LSD passes. With GSB_RADIX_LARGE_BUCKETS_BY=passes the sample does
# not judge and the plan sorts the buckets past a block by segmented passes over their remaining bits where they number
# at most large_segments_most(n) (4096 past 6.7e7 keys); `segs` (logs/session66/segs.patch) raises that bound to 32768
# so that the plan can take Zipf's many large buckets. radix ms as it is (the LSD fallback) and by passes, each in its
# own process, alternated twice; validated.
set -u
source scripts/device-round.sh
T=.carry/fallback.tar.xz
X=$(unpack .carry/segs.tar.xz)
part 200 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_CONFORMANCE_FILTER='*radix*' \
  GSB_PARTS='^conformance \(GPU\)$' bash .carry/device-run.sh "$T" "$OUT/conformance-radix"
for r in a b; do
  for how in lsd passes; do
    e=""; [ $how = passes ] && e="GSB_RADIX_LARGE_BUCKETS_BY=passes"
    part 60 env $e "$X/gpusort-bench" --algo radix --type u64 --values u64 --dist zipf,entropy-0.811 --n 1e8 \
      --warmup 1 --reps 5 -q --json "$OUT/segs-$how-$r.json"
  done
done
grep -E "^=== |^rc=|PASSED|FAILED" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED|tests ran" "$OUT"/conformance-radix/device.log | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/segs-*.json")):
    for c in json.load(open(f))["cases"]:
        print(f.split("/")[-1], c["key_type"], c["values"], c["distribution"], c["status"],
              (c.get("validation") or {}).get("status"), c["timing"]["median_ms"] if c.get("timing") else None)
PY
