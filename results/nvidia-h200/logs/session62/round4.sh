#!/usr/bin/env bash
# Session 62, round 4: 4-byte keys with u32 values in 1024-thread in-place bucket blocks (`wide`,
# logs/session62/wide.patch on c2c1fb6: each key held as its position over its low half, one word a key in the rows'
# registers, the values in an unmoved buffer, 16 rows, 16-bit counts; 32 warps an SM where the 512-thread in-place
# kernel keeps 16), forced by GSB_RADIX_BUCKET_THREADS=1024-in-place, against the head's choice (the 512-thread
# in-place kernel at 1e9). Its checks first: the forced shape's conformance over u32, i32 and f32 keys with u32
# values from n = 2, memcheck and synccheck of it to 5000 keys, racecheck at 1000 and 5000 keys. Then radix alone,
# 5 repetitions, unvalidated, alternated twice, and a validated run of the forced shape with cub-radix.
set -u
source scripts/device-round.sh
W=$(unpack .carry/wide.tar.xz)
F='*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32'
FORCE="GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place"
part 60 env $FORCE "$W/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=$F"
for tool in memcheck synccheck; do
  part 60 env $FORCE GSB_RADIX_PORTION_N=1 GSB_CONFORMANCE_MAX_N=5000 compute-sanitizer --tool $tool --error-exitcode 99 \
    "$W/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=$F"
done
part 60 env $FORCE GSB_RADIX_PORTION_N=1 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 \
  "$W/gpusort-bench" --algo radix --type u32,f32 --values u32 --n 1000,5000 --reps 1 --warmup 0 -q
for round in a b; do
  part 60 "$W/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 --n 1e9 --reps 5 --validate none -q \
    --json "$OUT/w-head-$round.json"
  part 60 env GSB_RADIX_BUCKET_THREADS=1024-in-place "$W/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 \
    --n 1e9 --reps 5 --validate none -q --json "$OUT/w-wide-$round.json"
done
part 110 env GSB_RADIX_BUCKET_THREADS=1024-in-place "$W/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 \
  --values u32 --n 1e9 --reps 5 -q --json "$OUT/w-wide-validated.json"
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, os, glob
rows = {}
for f in sorted(glob.glob(f"{sys.argv[1]}/w-*.json")):
    tag = os.path.basename(f)[2:-5]
    for c in json.load(open(f))["cases"]:
        if c.get("timing"):
            rows.setdefault((c["key_type"], c["values"], c["n"], c["backend"]), {}).setdefault(tag, []).append(
                (round(c["timing"]["median_ms"], 3), (c.get("validation") or {}).get("status")))
for k, v in sorted(rows.items()):
    print(k, v)
PY
