#!/usr/bin/env bash
# Session 65, round 3 (diagnostic, not to land). Round 2: the pairs' two MSD passes claiming their runs (unstable
# across tiles: a bound, not a form to land) took u32+u32 2.418 -> 2.277 ms at 1e8, 0.459 -> 0.438 at 2^24, 6.448 ->
# 6.019 at 2^28, and u32+u64 at 1e8 2.773 -> 2.845 (slower); at 1e9 the claiming form read the portions' digit starts
# wrongly (fixed here: every portion claims from the same cursors). `claims2` (logs/session65/claims2.patch): form 1
# claims in both passes, 2 in the first alone, 3 in the second alone; 0 is the head's. Which pass holds the
# look-back's cost? Forms 0-3 in turn, one a sort, one process per case, --validate none: u32+u32 at 2^24, 1e8, 2^28,
# 1e9.
set -u
source scripts/device-round.sh
T=.carry/claims2.tar.xz
F=$(unpack "$T")
FORMS=0,1,2,3
for n in 2^24 1e8 2^28 1e9; do
  name=forms-u32-$(echo "$n" | tr -d '^')
  part 60 env GSB_X_FORMS=$FORMS "$F/gpusort-bench" --algo radix --type u32 --values u32 --n "$n" --warmup 4 --reps 24 \
    --validate none -q --json "$OUT/$name.json"
done
grep -E "^=== |^rc=" "$L" | cut -c1-160
python3 - "$OUT" "$FORMS" <<'PY'
import json, sys, statistics, glob
forms = sys.argv[2].split(",")
for f in sorted(glob.glob(f"{sys.argv[1]}/forms-*.json")):
    c = json.load(open(f))["cases"][0]
    if not c.get("timing"):
        print(f.split("/")[-1], c["status"], c.get("reason")); continue
    s = c["timing"]["samples_ms"]
    print(f.split("/")[-1], c["key_type"], c["values"], c["n"], len(s), "samples")
    for i, form in enumerate(forms):
        mine = s[i::len(forms)]
        print(f"  form {form}: median {statistics.median(mine):.4f} ms  min {min(mine):.4f}  max {max(mine):.4f}")
PY
