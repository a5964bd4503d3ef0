#!/usr/bin/env bash
# Session 64, round 2. Round 1's source counters of the pairs' kernel (u32, 2^32+17): the load took 31% of the warps'
# stall samples, mostly issue-bound (about 50 instructions a row of 32 keys: two ballots, a divergent branch a row for
# this block's keys and the other's), and the two cluster barriers 8%. Forms (`forms2`: logs/session64/forms2.patch,
# one build, GSB_PAIR_FORMS taking them in turn, one a sort): 0 the head's; bit 2 the rows loops stop at the block's
# rows (round 1's form 4); bit 3 the load's rows routed by one ballot each, stored without branches to a 32-bit
# cluster-shared address (st.shared::cluster), the other block's cursor by atom.shared::cluster; bit 5 (with 3) this
# block's keys stored to its shared memory (STS), the other's as bit 3; bit 4 the first cluster barrier split:
# arrived at before the loads (relaxed, the cursor's zero fenced by its writer), waited for after the first rows
# load. radix alone, u32, validated, 2^32+17 and 3e9, warm-ups one of each form, then 4 samples of each. Each new
# form's forced pairs conformance parts, memcheck and synccheck; ncu source counters of form 60.
set -u
source scripts/device-round.sh
T=.carry/forms2.tar.xz
F=$(unpack "$T")
FORMS=0,4,12,28,44,60
part 80 env GSB_PAIR_FORMS=$FORMS "$F/gpusort-bench" --algo radix --type u32 --n 2^32+17 --warmup 6 --reps 24 -q \
  --json "$OUT/forms-xl.json"
part 60 env GSB_PAIR_FORMS=$FORMS "$F/gpusort-bench" --algo radix --type u32 --n 3e9 --warmup 6 --reps 24 -q \
  --json "$OUT/forms-3e9.json"
for form in 12 28 44 60; do
  part 30 env GSB_PAIR_FORMS=$form GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid, pairs' \
    bash .carry/device-run.sh "$T" "$OUT/conformance-form$form"
  part 40 env GSB_PAIR_FORMS=$form GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
    GSB_SANITIZER_TOOLS="memcheck synccheck" GSB_PARTS='^compute-sanitizer .*\(radix hybrid, pairs of 1024-thread blocks.*\)$' \
    GSB_PART_TIMEOUT=30 bash .carry/device-run.sh "$T" "$OUT/sanitizer-form$form"
done
part 90 env GSB_PAIR_FORMS=60 ncu -k regex:bucket_pair_sort_kernel --launch-count 1 --section SourceCounters \
  --section WarpStateStats --section SpeedOfLight --warp-sampling-interval 2 -o "$OUT/pairs60" \
  "$F/gpusort-bench" --algo radix --type u32 --n 2^32+17 --reps 1 --warmup 0 --validate none -q
part 40 bash -c "ncu -i $OUT/pairs60.ncu-rep --page source --csv --print-source sass > $OUT/pairs60-sass.csv; ncu -i $OUT/pairs60.ncu-rep --page details > $OUT/pairs60-details.txt; rm -f $OUT/*.ncu-rep"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance*/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer*/device.log | cut -c1-160
grep -hE "Duration|Warp Cycles Per Issued|L1/TEX Cache Throughput|DRAM Throughput" "$OUT"/pairs60-details.txt | head -8
python3 - "$OUT" "$FORMS" <<'PY'
import json, sys, statistics
forms = sys.argv[2].split(",")
for name in ("forms-xl", "forms-3e9"):
    try:
        c = json.load(open(f"{sys.argv[1]}/{name}.json"))["cases"][0]
    except Exception as e:
        print(name, "missing", e); continue
    s = c["timing"]["samples_ms"]
    print(name, c["n"], c["validation"]["status"] if c.get("validation") else None, len(s), "samples")
    for i, f in enumerate(forms):
        mine = s[i::len(forms)]
        print(f"  form {f}: median {statistics.median(mine):.3f} ms  samples {' '.join(f'{x:.2f}' for x in mine)}")
PY
