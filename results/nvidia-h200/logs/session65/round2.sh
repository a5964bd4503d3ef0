#!/usr/bin/env bash
# Session 65, round 2 (diagnostic, not to land). How much of the 4-byte pairs' MSD passes is the look-back? `claims`
# (logs/session65/claims.patch): form 1 lets the pairs' two MSD passes claim each tile's digit runs by global atomics
# (ClaimedSegments, as keys alone do) in place of the look-back: no status words, no walk, no wait on a predecessor --
# sorted, but not stable across tiles, so --validate none. Its time is the bound of anything the look-back could give
# (a pre-computed per-tile scan, a look-back warp). Form 0 is the head's. Forms 0 and 1 in turn, one a sort, in one
# process per case: u32+u32 at 2^24, 1e8, 2^28, 1e9; u32+u64 at 1e8.
set -u
source scripts/device-round.sh
T=.carry/claims.tar.xz
F=$(unpack "$T")
FORMS=0,1
for c in "u32 2^24" "u32 1e8" "u32 2^28" "u32 1e9" "u64 1e8"; do
  set -- $c
  name=forms-$1-$(echo "$2" | tr -d '^')
  part 60 env GSB_X_FORMS=$FORMS "$F/gpusort-bench" --algo radix --type u32 --values "$1" --n "$2" --warmup 2 --reps 16 \
    --validate none -q --json "$OUT/$name.json"
done
grep -E "^=== |^rc=" "$L" | cut -c1-160
python3 - "$OUT" "$FORMS" <<'PY'
import json, sys, statistics, glob
forms = sys.argv[2].split(",")
for f in sorted(glob.glob(f"{sys.argv[1]}/forms-*.json")):
    c = json.load(open(f))["cases"][0]
    s = c["timing"]["samples_ms"]
    print(f.split("/")[-1], c["key_type"], c["values"], c["n"], len(s), "samples")
    for i, form in enumerate(forms):
        mine = s[i::len(forms)]
        print(f"  form {form}: median {statistics.median(mine):.4f} ms  min {min(mine):.4f}  max {max(mine):.4f}")
PY
