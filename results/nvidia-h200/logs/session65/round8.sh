#!/usr/bin/env bash
# Session 65, round 8. Round 7 (`land`): every forced hybrid conformance part passed; memcheck and synccheck of the
# forced hybrid path (u32+u32 among its 14 tests) 0 errors, memcheck of its buckets past a block 0 errors; the radix
# conformance and the racechecks ran past the limits that round gave them. Here: racecheck of the forced hybrid path
# over u32+u32 alone to 5000 keys (as device-run.sh's part, whose filter now takes it); then the record of `land` for
# 4-byte keys with u32 values, cub-radix in the same run, validated: u32, i32, f32 at 2^22, 1e7, 2^24, 1e8, 2^27, 2^28
# (radix-grid.s65-pairs.json) and 1e9 (radix-grid.s65-pairs-1e9.json).
set -u
source scripts/device-round.sh
F=$(unpack .carry/land.tar.xz)
part 150 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
  compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$F/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_u32'
part 150 "$F/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 2^22,1e7,2^24,1e8,2^27,2^28 \
  --warmup 2 --reps 5 -q --json "$OUT/radix-grid.s65-pairs.json"
part 160 "$F/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 1e9 \
  --warmup 2 --reps 5 -q --json "$OUT/radix-grid.s65-pairs-1e9.json"
grep -E "^=== |^rc=|PASSED|FAILED|RACECHECK SUMMARY" "$L" | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
t = {}
for f in sorted(glob.glob(f"{sys.argv[1]}/radix-grid.s65-pairs*.json")):
    for c in json.load(open(f))["cases"]:
        t[(c["key_type"], c["n"], c["backend"])] = (c["timing"]["median_ms"] if c.get("timing") else None,
                                                    (c.get("validation") or {}).get("status"))
for (k, n, b), (ms, v) in sorted(t.items()):
    if b != "radix": continue
    cub = t.get((k, n, "cub-radix"), (None, None))
    r = cub[0] / ms if ms and cub[0] else None
    print(f"{k}+u32 n={n}: radix {ms} ms ({v}), cub-radix {cub[0]} ms ({cub[1]}), ratio {r}")
PY
