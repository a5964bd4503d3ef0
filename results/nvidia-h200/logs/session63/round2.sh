#!/usr/bin/env bash
# Session 63, round 2: where round 1's pairs lose their time (u32 2^32+17 1.243x, 3e9 1.193x, where 2.2e9 in one block
# a bucket is 1.504x). Three forms of the pairs' load (logs/session63/forms.patch, chosen by GSB_EXP_PAIRS in this
# build only): 0 round 1's (both blocks read the whole bucket, one shared atomic a row of 32 keys for their places),
# 1 the same with one atomic per 8 rows, 2 each block reads half the bucket's rows and sends the other block's keys to
# its shared memory (distributed shared memory, one atomic per 8 rows on each cursor). radix alone, alternated twice at
# 2^32+17, once at 3e9; then the checks of forms 1 and 2: the forced pairs' conformance parts, memcheck and synccheck,
# racecheck at 1000 and 5000 keys.
set -u
source scripts/device-round.sh
T=.carry/forms.tar.xz
M=$(unpack "$T")
for round in a b; do
  for form in 0 1 2; do
    part 30 env GSB_EXP_PAIRS=$form "$M/gpusort-bench" --algo radix --type u32 --n 2^32+17 --reps 3 --validate none \
      -q --json "$OUT/xl-form$form-$round.json"
  done
done
for form in 0 1 2; do
  part 30 env GSB_EXP_PAIRS=$form "$M/gpusort-bench" --algo radix --type u32 --n 3e9 --reps 3 --validate none \
    -q --json "$OUT/3e9-form$form.json"
done
for form in 1 2; do
  part 40 env GSB_EXP_PAIRS=$form GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
    GSB_PARTS='^conformance \(radix hybrid, pairs' bash .carry/device-run.sh "$T" "$OUT/conformance$form"
  part 45 env GSB_EXP_PAIRS=$form GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
    GSB_SANITIZER_TOOLS="memcheck synccheck" GSB_PARTS='^compute-sanitizer .*\(radix hybrid, pairs of 1024-thread blocks.*\)$' \
    GSB_PART_TIMEOUT=40 bash .carry/device-run.sh "$T" "$OUT/sanitizer$form"
  part 50 env GSB_EXP_PAIRS=$form GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
    GSB_RADIX_LARGE_BUCKETS_BY=passes GSB_RADIX_BUCKET_THREADS=1024-in-place-pairs compute-sanitizer --tool racecheck \
    --error-exitcode 99 --print-limit 20 "$M/gpusort-bench" --algo radix --type u32 --n 1000,5000 \
    --dist uniform,entropy-0.201 --order asc --reps 1 --warmup 0 -q
done
grep -E "^=== |^rc=|RACECHECK SUMMARY" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance*/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer*/device.log | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    for c in json.load(open(f))["cases"]:
        print(f.split("/")[-1], c["backend"], c["key_type"], c["n"], c["status"],
              c["timing"]["median_ms"] if c.get("timing") else None, c.get("reason"))
PY
