#!/usr/bin/env bash
# Session 64, round 4: the landed form (`land`, logs/session64/land.patch: round 3's form 84; the pairs' load routes a
# row by one ballot and stores without a branch, the other block's keys through its generic pointer, whole rows
# without bounds; the first cluster barrier arrived at before the loads and waited for after the first rows; the rows
# loops stop at the block's rows). Its checks: every forced hybrid conformance part; memcheck and synccheck of the
# forced hybrid path, its in-place shapes, the pairs (and the pairs holding 8 keys each) and the buckets past a
# block; racecheck of the pairs (3000 keys, uniform and entropy-0.201); the parts test (its 2^32+17 wrap test). Then
# the grid's 2^32+17 cells of 4-byte keys alone and u32 at 3e9, validated, cub-radix in the run; last, ncu source
# counters of the pairs' kernel at 2^32+17 (for the next step).
set -u
source scripts/device-round.sh
T=.carry/land.tar.xz
part 110 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh "$T" "$OUT/conformance"
part 70 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, in-place buckets|, 1024-thread in-place buckets|, pairs of 1024-thread blocks.*|, buckets past a block)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh "$T" "$OUT/sanitizer"
part 115 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="racecheck" \
  GSB_PARTS='^compute-sanitizer racecheck \(radix hybrid, pairs of 1024-thread blocks\)$' \
  GSB_PART_TIMEOUT=110 bash .carry/device-run.sh "$T" "$OUT/racecheck"
M=$(unpack "$T")
part 60 "$M/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
part 160 "$M/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --n 2^32+17 --reps 3 -q \
  --json "$OUT/radix-grid.s64-xl-keys.json"
part 50 "$M/gpusort-bench" --algo radix,cub-radix --type u32 --n 3e9 --reps 3 -q --json "$OUT/s64-u32-3e9.json"
part 70 ncu -k regex:bucket_pair_sort_kernel --launch-count 1 --section SourceCounters --section WarpStateStats \
  --section SpeedOfLight --warp-sampling-interval 2 -o "$OUT/pairs" \
  "$M/gpusort-bench" --algo radix --type u32 --n 2^32+17 --reps 1 --warmup 0 --validate none -q
part 30 bash -c "ncu -i $OUT/pairs.ncu-rep --page source --csv --print-source sass > $OUT/pairs-sass.csv; ncu -i $OUT/pairs.ncu-rep --page details > $OUT/pairs-details.txt; rm -f $OUT/*.ncu-rep"
grep -E "^=== |^rc=|PASSED|FAILED|SKIPPED" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|rc=" "$OUT"/sanitizer/device.log "$OUT"/racecheck/device.log | cut -c1-160
grep -E "Duration|Throughput|Warp Cycles" "$OUT"/pairs-details.txt | head -12
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    r = {}
    for c in json.load(open(f))["cases"]:
        print(c["backend"], c["key_type"], c["values"], c["n"], c["status"], (c.get("validation") or {}).get("status"),
              c["timing"]["median_ms"] if c.get("timing") else None, c.get("reason"))
        if c.get("timing"): r[(c["backend"], c["key_type"], c["values"], c["n"])] = c["timing"]["median_ms"]
    for (b, k, v, n), t in r.items():
        if b == "radix" and ("cub-radix", k, v, n) in r: print("ratio", k, v, n, round(r[("cub-radix", k, v, n)] / t, 3))
PY
