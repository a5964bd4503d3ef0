#!/usr/bin/env bash
# Session 64, round 1.
# 1. The checks of session 63's last review mend (`8be2ee1`, host code only: one L2-prefetch rule for the pairs' and
#    the in-place launches, the pairs' range by hybrid_applies), which ran on no device: every forced hybrid
#    conformance part, memcheck and synccheck of the forced hybrid path and its in-place, 1024-thread, pairs and
#    past-a-block shapes (`main`, the head's build).
# 2. Forms of the pairs' kernel (`forms`: logs/session64/forms.patch, one build; GSB_PAIR_FORMS takes them in turn,
#    one a sort, so the forms alternate within one process on one input): 0 the head's; bit 0 every row a warp takes
#    read at once, its places claimed by one atomic a cursor; bit 1 each block's cursors its own (the keys sent to the
#    other block laid down from the end of its buffer, their number added there without a return; the first cluster
#    barrier split around the loads); bit 2 the rows loops stop at the block's rows. Forms 1 and 3 spilled (ptxas),
#    not built. radix alone, u32, validated, 2^32+17 and 3e9: warm-ups one of each form, then 4 samples of each.
#    Each form's forced pairs conformance parts.
# 3. ncu source counters of the head's pairs' kernel at 2^32+17 (the plan of logs/session64-planned.sh).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
F=$(unpack .carry/forms.tar.xz)
part 110 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/main.tar.xz "$OUT/conformance"
part 60 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, in-place buckets|, 1024-thread in-place buckets|, pairs of 1024-thread blocks.*|, buckets past a block)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh .carry/main.tar.xz "$OUT/sanitizer"
FORMS=0,2,4,5,6,7
part 80 env GSB_PAIR_FORMS=$FORMS "$F/gpusort-bench" --algo radix --type u32 --n 2^32+17 --warmup 6 --reps 24 -q \
  --json "$OUT/forms-xl.json"
part 60 env GSB_PAIR_FORMS=$FORMS "$F/gpusort-bench" --algo radix --type u32 --n 3e9 --warmup 6 --reps 24 -q \
  --json "$OUT/forms-3e9.json"
for form in 2 4 5 6 7; do
  part 30 env GSB_PAIR_FORMS=$form GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid, pairs' \
    bash .carry/device-run.sh .carry/forms.tar.xz "$OUT/conformance-form$form"
done
part 150 ncu -k regex:bucket_pair_sort_kernel --launch-count 1 --section SourceCounters --section WarpStateStats \
  --section SpeedOfLight --section MemoryWorkloadAnalysis --warp-sampling-interval 2 -o "$OUT/pairs" \
  "$M/gpusort-bench" --algo radix --type u32 --n 2^32+17 --reps 1 --warmup 0 --validate none -q
part 40 bash -c "ncu -i $OUT/pairs.ncu-rep --page source --csv --print-source sass > $OUT/pairs-sass.csv; ncu -i $OUT/pairs.ncu-rep --page details > $OUT/pairs-details.txt; rm -f $OUT/*.ncu-rep"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance*/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
grep -hE "Duration|Warp Cycles Per Issued|L1/TEX Cache Throughput|DRAM Throughput" "$OUT"/pairs-details.txt | head -8
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
