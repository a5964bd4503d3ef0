#!/usr/bin/env bash
# Session 66, round 2. Round 1: of the forms of the 8-byte pairs' LSD fallback, 256 x 16 at 3 blocks with the values
# in registers (form 5) was the fastest for 8-byte keys with u32 values (u64+u32 entropy-0.201 6.931 -> 6.633 ms,
# Zipf 6.779 -> 6.761, f64+u32 Zipf 6.811 -> 6.752); with u64 values every form lost to the LSD row. `fallback`
# (the working tree on a101aa3: policy.cuh's hopper_fallback_shape and Passes, HybridSort::LsdPast of that policy)
# lands it. Here: (1) forms 0 and 5 of round 1's build again over more cells (u64, i64, f64 keys with u32 values;
# Zipf, entropy-0.201 / 0.337 / 0.544 / 0.811, few-unique; 1e8, and u64+u32 entropy-0.201 at 2^28 unvalidated);
# (2) the landed build's checks: the forced hybrid conformance parts that reach the fallback, memcheck and synccheck
# of the forced fallback over 8-byte keys with u32 values (every bucket past 4 keys, portions of one tile), racecheck
# of it over u64+u32; (3) the record: skewed 8-byte keys with u32 values at 1e8, cub-radix in the same run, validated.
set -u
source scripts/device-round.sh
X=$(unpack .carry/past8.tar.xz)
T=.carry/fallback.tar.xz
F=$(unpack "$T")
FORMS=0,5
for c in "u64 zipf,entropy-0.201,entropy-0.337,entropy-0.544,entropy-0.811,few-unique 1e8 full" \
         "i64 zipf,entropy-0.201,entropy-0.544 1e8 full" "f64 entropy-0.201,entropy-0.544 1e8 full" \
         "u64 entropy-0.201 2^28 none"; do
  set -- $c
  name=forms-$1-$(echo "$3" | tr -d '^')
  part 100 env GSB_X_FORMS=$FORMS "$X/gpusort-bench" --algo radix --type "$1" --values u32 --dist "$2" \
    --n "$3" --warmup 2 --reps 12 --validate "$4" -q --json "$OUT/$name.json"
done
part 90 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
  GSB_PARTS='^conformance \(radix hybrid( path from n = 2|, buckets past a block|, buckets past 4 keys by passes)\)$' \
  bash .carry/device-run.sh "$T" "$OUT/conformance"
for tool in memcheck synccheck; do
  part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
    GSB_RADIX_LARGE_BUCKETS_ABOVE=4 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 \
    "$F/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_u64_u32:*/radix_i64_u32:*/radix_f64_u32'
done
part 120 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=20000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
  GSB_RADIX_LARGE_BUCKETS_ABOVE=4 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 \
  "$F/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_u64_u32'
part 150 "$F/gpusort-bench" --algo cub-radix,radix --type u64,i64,f64 --values u32 --n 1e8 \
  --dist zipf,entropy-0.201,entropy-0.544,few-unique --warmup 2 --reps 5 -q --json "$OUT/radix-dist.s66-fallback.json"
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
python3 - "$OUT" "$FORMS" <<'PY'
import json, sys, statistics, glob
forms = sys.argv[2].split(",")
for f in sorted(glob.glob(f"{sys.argv[1]}/forms-*.json")):
    for c in json.load(open(f))["cases"]:
        if not c.get("timing"):
            print(f.split("/")[-1], c["status"], c.get("reason")); continue
        s = c["timing"]["samples_ms"]
        med = [statistics.median(s[i::len(forms)]) for i in range(len(forms))]
        print(c["key_type"], c["values"], c["distribution"], c["n"], (c.get("validation") or {}).get("status"),
              "  ".join(f"form {fm}: {m:.4f}" for fm, m in zip(forms, med)), f"({med[-1] / med[0] - 1:+.1%})")
t = {}
for c in json.load(open(f"{sys.argv[1]}/radix-dist.s66-fallback.json"))["cases"]:
    t[(c["key_type"], c["distribution"], c["backend"])] = (c["timing"]["median_ms"] if c.get("timing") else None,
                                                           (c.get("validation") or {}).get("status"))
for (k, d, b), (ms, v) in sorted(t.items()):
    if b != "radix": continue
    cub = t.get((k, d, "cub-radix"), (None, None))
    print(f"{k}+u32 {d}: radix {ms} ms ({v}), cub-radix {cub[0]} ms ({cub[1]}), ratio {cub[0] / ms if ms and cub[0] else None}")
PY
