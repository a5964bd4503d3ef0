#!/usr/bin/env bash
# Session 72 round 2, on an H100 (issue 19): (1) session 71's warp bucket kernel by runs for 4-byte pairs through
# compute_80 PTX (`p80`: the same tree built 80-virtual, run with the sm80 band's policy, GSB_ARCH=80): the forced
# hybrid conformance of u32, i32 and f32 keys in every value mode, memcheck of the forced path over u32+u32, and
# u32+u32 at 1e7 validated against cub-radix through the same route; (2) every distribution on the H100 with the
# landed build: u32, i32, f32 alone and with u32 values at 2^22 and 1e7 (the pairs' new threshold), and u32, i32,
# f32, u64, i64, f64 alone and with u32 values at 1e8 (5 repetitions); (3) the grid's big sub-run for u32 (1e9, values
# none, u32, u64). Every case validated. Build: round 1's `land`; p80: cmake -S . -B build/p80 -G Ninja
# -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=80-virtual, scripts/pack-build.sh build/p80 p80.
# Run: LIMIT=580 bash <this>.
set -u
source scripts/device-round.sh
B=$(unpack .carry/land.tar.xz)
P=$(unpack .carry/p80.tar.xz)
F="--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*"
part 60 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 "$P/tests/gsb_conformance" \
  --gtest_brief=1 "$F"
part 30 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 compute-sanitizer --tool memcheck --error-exitcode 9 \
  "$P/gpusort-bench" --algo radix --type u32 --values u32 --n 3000 --dist uniform,few-unique,entropy-0.201 \
  --warmup 0 --reps 1 --json "$OUT/p80-memcheck-forced.json"
part 30 env GSB_ARCH=80 "$P/gpusort-bench" --algo cub-radix,radix --type u32 --values u32 --n 2^22,1e7 --reps 5 -q \
  --json "$OUT/p80-pairs.json"
D=uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
part 60 "$B/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --values none,u32 --n 2^22,1e7 --dist $D \
  --reps 10 -q --json "$OUT/radix-dist.s72-small.json"
for w in 4byte:u32,i32,f32 8byte:u64,i64,f64; do
  part 130 "$B/gpusort-bench" --algo cub-radix,radix --type "${w#*:}" --values none,u32 --n 1e8 --dist $D --reps 5 -q \
    --json "$OUT/radix-dist.s72-1e8-${w%%:*}.json"
done
part 150 env GSB_TOOL="$B/gpusort-bench" scripts/sweep.sh --parts radix-grid --grid-runs big --grid-types u32 \
  --no-plot --out "$OUT/grid"
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|failed|mismatch" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json") + glob.glob(f"{sys.argv[1]}/grid/*.json")):
    t, bad = {}, 0
    cases = json.load(open(f))["cases"]
    for c in cases:
        ok = c["status"] == "ok" and (c.get("validation") or {}).get("status") == "passed"
        bad += not ok
        if not ok:
            print("NOT PASSED", c["backend"], c["key_type"], c.get("values"), c["n"], c["distribution"], c["status"])
            continue
        k = (c["key_type"], str(c.get("values")), c["n"], c["distribution"])
        t.setdefault(k, {})[c["backend"]] = c["timing"]["median_ms"]
    r = sorted((v["cub-radix"] / v["radix"], k) for k, v in t.items() if len(v) == 2)
    print(f.split("/")[-1], "cases:", len(cases), "not passed:", bad, "cells:", len(r),
          "under 1.0:", sum(x < 1 for x, _ in r), "under 0.95:", sum(x < 0.95 for x, _ in r))
    for x, k in r[:8]:
        print(f"  {x:.3f}", *k)
PY
