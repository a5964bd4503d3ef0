#!/usr/bin/env bash
# Session 65, round 4. Rounds 2-3 bound the look-back at about 6% of u32+u32 (3% a pass), short of the 1.5x the pairs
# need, so this round tries the pass itself: `shared` (logs/session65/shared.patch) copies the values into shared
# memory at their load positions (cp.async) as the keys load, each ranked key noting its value's position, the
# scatter reading it from there: no register holds a value, their loads complete behind the counting and ranking, and
# the register demand is the keys' alone. Forms of the pairs' hybrid passes (tile 6144, the plan's), one a sort in
# turn: 0 the head's (384 x 16, values in registers, 2 blocks an SM), 1 shared values at 384 x 16 (2 blocks), 2 at
# 512 x 12 (2 blocks: 1024 threads an SM), 3 at 256 x 24 (3 blocks). u32+u32 at 2^24 and 1e8 validated (every
# repetition), 2^28 and 1e9 not; the forced hybrid path's conformance with each shared form alone.
set -u
source scripts/device-round.sh
T=.carry/shared.tar.xz
F=$(unpack "$T")
FORMS=0,1,2,3
for c in "2^24 full" "1e8 full" "2^28 none" "1e9 none"; do
  set -- $c
  name=forms-u32-$(echo "$1" | tr -d '^')
  part 80 env GSB_X_FORMS=$FORMS "$F/gpusort-bench" --algo radix --type u32 --values u32 --n "$1" --warmup 4 --reps 24 \
    --validate "$2" -q --json "$OUT/$name.json"
done
for form in 1 2 3; do
  part 40 env GSB_X_FORMS=$form GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid path from n = 2\)$' \
    bash .carry/device-run.sh "$T" "$OUT/conformance-form$form"
done
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance*/device.log | cut -c1-160
python3 - "$OUT" "$FORMS" <<'PY'
import json, sys, statistics, glob
forms = sys.argv[2].split(",")
for f in sorted(glob.glob(f"{sys.argv[1]}/forms-*.json")):
    c = json.load(open(f))["cases"][0]
    if not c.get("timing"):
        print(f.split("/")[-1], c["status"], c.get("reason")); continue
    s = c["timing"]["samples_ms"]
    print(f.split("/")[-1], c["key_type"], c["values"], c["n"], (c.get("validation") or {}).get("status"), len(s), "samples")
    for i, form in enumerate(forms):
        mine = s[i::len(forms)]
        print(f"  form {form}: median {statistics.median(mine):.4f} ms  min {min(mine):.4f}  max {max(mine):.4f}")
PY
