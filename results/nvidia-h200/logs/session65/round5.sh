#!/usr/bin/env bash
# Session 65, round 5. Round 4 (u32+u32, ms, head / shared values at 384 x 16, 2 blocks / 512 x 12, 2 / 256 x 24, 3):
# 2^24 0.4641 / 0.4724 / 0.4765 / 0.4640; 1e8 2.4282 / 2.4679 / 2.4957 / 2.3744; 2^28 6.4734 / 6.5839 / 6.6676 /
# 6.2917; 1e9 25.669 / 26.002 / 26.273 / 25.043. The shared values alone cost 1.6% (form 1); 3 blocks of 256 x 24 gain
# 2-3% from 1e8 on. Is it the shape or the shared values? `shared2` (logs/session65/shared2.patch) adds form 4 (256 x
# 24, 3 blocks, values in registers: the head's code, another policy row) and form 5 (shared values at 192 x 32, 3
# blocks). Forms 0, 3, 4, 5 in turn, one a sort: u32+u32 at 2^24 and 1e8 validated (every repetition), 2^28 and 1e9
# not; i32+u32 at 1e8 validated; the forced hybrid path's conformance with forms 4 and 5 alone.
set -u
source scripts/device-round.sh
T=.carry/shared2.tar.xz
F=$(unpack "$T")
FORMS=0,3,4,5
for c in "u32 2^24 full" "u32 1e8 full" "u32 2^28 none" "u32 1e9 none" "i32 1e8 full"; do
  set -- $c
  name=forms-$1-$(echo "$2" | tr -d '^')
  part 80 env GSB_X_FORMS=$FORMS "$F/gpusort-bench" --algo radix --type "$1" --values u32 --n "$2" --warmup 4 --reps 24 \
    --validate "$3" -q --json "$OUT/$name.json"
done
for form in 4 5; do
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
