#!/usr/bin/env bash
# Session 65, round 10. Round 9 (`lsd` against `land`, alternated twice): the LSD row of 4-byte pairs at the hybrid
# passes' shape was 9.5-11% faster on the skewed u32+u32 inputs the path hands to the LSD passes at 1e8 (Zipf, entropy-
# 0.201) and 3% faster for radix-lsd at 1e8, but 2.5-3.8% slower at 2^22 and 6e6, where the LSD passes are the path.
# `past` (logs/session65/past.patch): the hybrid path's LSD fallback (n >= its first n) takes the segmented passes'
# policy where they carry values through shared memory (HybridSort::LsdPast); below, and radix-lsd, keep the LSD row.
# Checks: the forced hybrid conformance parts that reach the fallback; memcheck and synccheck of the forced hybrid path;
# racecheck of it over u32+u32; then skewed 4-byte pairs at 1e8 (u32, i32, f32 with u32 values; Zipf, entropy-0.201,
# entropy-0.544, few-unique), cub-radix in the same run, validated (radix-dist.s65-pairs-skewed.json).
set -u
source scripts/device-round.sh
T=.carry/past.tar.xz
F=$(unpack "$T")
part 80 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
  GSB_PARTS='^conformance \(radix hybrid( path from n = 2|, buckets past a block|, buckets past 4 keys by passes)\)$' \
  bash .carry/device-run.sh "$T" "$OUT/conformance"
for tool in memcheck synccheck; do
  part 40 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
    compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$F/tests/gsb_conformance" --gtest_brief=1 \
    '--gtest_filter=*/radix_u32_u32:*/radix_f32_u32'
done
part 90 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
  compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$F/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_u32'
part 150 "$F/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 1e8 \
  --dist zipf,entropy-0.201,entropy-0.544,few-unique --warmup 2 --reps 5 -q --json "$OUT/radix-dist.s65-pairs-skewed.json"
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys
t = {}
for c in json.load(open(f"{sys.argv[1]}/radix-dist.s65-pairs-skewed.json"))["cases"]:
    t[(c["key_type"], c["distribution"], c["backend"])] = (c["timing"]["median_ms"] if c.get("timing") else None,
                                                           (c.get("validation") or {}).get("status"))
for (k, d, b), (ms, v) in sorted(t.items()):
    if b != "radix": continue
    cub = t.get((k, d, "cub-radix"), (None, None))
    print(f"{k}+u32 {d}: radix {ms} ms ({v}), cub-radix {cub[0]} ms ({cub[1]}), ratio {cub[0] / ms if ms and cub[0] else None}")
PY
