#!/usr/bin/env bash
# Session 66, round 1. Skewed 8-byte keys with values at 1e8 (Zipf, entropy-0.201 / 0.544) are 0.993-1.02x
# cub-radix: the hybrid path's sample hands them to the LSD passes, whose rows (u64+u32 384 x 16, u64+u64 384 x 12, 2
# blocks an SM, late values) run at cub-radix's rate. Session 65 gave 4-byte pairs' fallback a policy of its own
# (values through shared memory, 3 blocks an SM) and gained 9.5-11% there. `past8` (logs/session66/past8.patch)
# takes forms of the 8-byte pairs' fallback in turn, one a sort (GSB_X_FORMS): 0 the LSD row, 1 256 x tile/256 at 2
# blocks with shared values, 2 256 x tile/384 at 3 blocks with shared values, 3 the same at 3 blocks with late
# values, 4 the LSD row's shape with shared values, 5 256 x tile/384 at 3 blocks with values in registers. Every
# repetition validated; cub-radix in the same runs. Then each form alone through the forced fallback's conformance
# (GSB_RADIX_LARGE_BUCKETS_ABOVE=4: every bucket past 4 keys, so the plan hands the keys to the LSD passes).
set -u
source scripts/device-round.sh
T=.carry/past8.tar.xz
F=$(unpack "$T")
FORMS=0,1,2,3,4,5
for c in "u64 u32 zipf" "u64 u32 entropy-0.201" "u64 u64 zipf" "u64 u64 entropy-0.201" "i64 u64 zipf" \
         "u64 u64 entropy-0.544" "f64 u32 zipf"; do
  set -- $c
  name=forms-$1-$2-$3
  part 90 env GSB_X_FORMS=$FORMS "$F/gpusort-bench" --algo radix,cub-radix --type "$1" --values "$2" --dist "$3" \
    --n 1e8 --warmup 6 --reps 24 -q --json "$OUT/$name.json"
done
for form in 1 2 3 4 5; do
  part 60 env GSB_X_FORMS=$form GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 \
    "$F/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u64_u*:*/radix_i64_u*:*/radix_f64_u*"
done
grep -E "^=== |^rc=|PASSED|FAILED" "$L" | cut -c1-160
python3 - "$OUT" "$FORMS" <<'PY'
import json, sys, statistics, glob
forms = sys.argv[2].split(",")
for f in sorted(glob.glob(f"{sys.argv[1]}/forms-*.json")):
    for c in json.load(open(f))["cases"]:
        if not c.get("timing"):
            print(f.split("/")[-1], c["backend"], c["status"], c.get("reason")); continue
        s = c["timing"]["samples_ms"]
        v = (c.get("validation") or {}).get("status")
        print(f.split("/")[-1], c["backend"], c["key_type"], c["values"], c["distribution"], v, len(s), "samples",
              f"median {c['timing']['median_ms']:.4f}")
        if c["backend"] != "radix": continue
        for i, form in enumerate(forms):
            mine = s[i::len(forms)]
            print(f"  form {form}: median {statistics.median(mine):.4f} ms  min {min(mine):.4f}  max {max(mine):.4f}")
PY
