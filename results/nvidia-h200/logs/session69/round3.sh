#!/usr/bin/env bash
# Session 69, round 3 (issue 19, item 1). `runs2` (0af673b + the two-buffer bucket kernel of 4-byte keys with values:
# a first read of the keys counts the top 11-13 bits of their low halves, a second (from L2, with the values) places
# each key by its counting atomic as (low half, position), then one thread sorts each digit's run by insertion
# (stable by the position); a bucket with a run past 16 keys takes the two stable rounds as before) against `land`
# (session 68's build) and `runs` (round 1's form: one read, each key ranked within its run by comparison).
# (1) runs2's correctness: the forced hybrid conformance over 4-byte keys with u32 and u64 values in 128-, 256- and
# 512-thread buckets, and with 256-thread buckets at every size through the grid of distributions; memcheck and
# synccheck of the 256-thread shape, racecheck of one sort per distribution at 3000 keys. (2) Timing, cub-radix in
# every run, --validate none, alternated twice: u32/i32/f32 with u32 values at 1e8, 2^27, 2^28; u32+u64 at 1e8, 2^28.
# (3) runs2 validated at 1e8 over uniform and skewed pairs.
set -u
source scripts/device-round.sh
A=$(unpack .carry/land.tar.xz)
N=$(unpack .carry/runs2.tar.xz)
BUILDS="land=$A runs2=$N"
P="*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32:*/radix_u32_u64:*/radix_i32_u64:*/radix_f32_u64"
for t in 256 128 512; do
  part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$t "$N/tests/gsb_conformance" --gtest_brief=1 \
    "--gtest_filter=$P"
done
# Larger buckets with every distribution: 256-thread blocks forced from n = 2 up to 3e6 pairs (buckets to about 46
# uniform keys; skewed ones many more, runs past 16 keys taking the stable rounds).
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=256 GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
  GSB_RADIX_LARGE_BUCKETS_BY=passes "$N/gpusort-bench" --algo radix --type u32,i32,f32 --values u32,u64 \
  --n 3e6 --dist uniform,sorted,reverse,zipf,few-unique,all-equal,entropy-0.811,entropy-0.201 --order asc,desc \
  --reps 1 --warmup 0 --json "$OUT/forced-3e6.json" -q
alternate 45 pairs32 --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 1e8,2^27,2^28 --warmup 1 --reps 5 \
  --validate none -q
alternate 30 pairs64 --algo cub-radix,radix --type u32 --values u64 --n 1e8,2^28 --warmup 1 --reps 5 --validate none -q
part 90 "$N/gpusort-bench" --algo cub-radix,radix --type u32,f32 --values u32 --n 1e8 \
  --dist uniform,zipf,entropy-0.811,entropy-0.544,sorted,few-unique --warmup 1 --reps 3 --json "$OUT/validated.json" -q
S="GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1"
S="$S GSB_RADIX_BUCKET_THREADS=256"
for tool in memcheck synccheck; do
  part 60 env $S compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$N/tests/gsb_conformance" \
    --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_f32_u64"
done
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=256 compute-sanitizer --tool racecheck \
  --error-exitcode 99 --print-limit 20 "$N/gpusort-bench" --algo radix --type u32 --values u32 --n 3000 \
  --dist uniform,few-unique,entropy-0.201 --reps 1 --warmup 0 -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|failed|mismatch" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    cases = json.load(open(f))["cases"]
    if "forced" in f:
        bad = [c for c in cases if c["status"] != "ok" or (c.get("validation") or {}).get("status") != "passed"]
        print(f.split("/")[-1], len(cases), "cases,", len(bad), "not passed", [(c["key_type"], c["values"], c["distribution"]) for c in bad][:5])
        continue
    for c in cases:
        print(f.split("/")[-1], c["key_type"], c.get("values"), c["distribution"], c["n"], c["backend"], c["status"],
              (c.get("validation") or {}).get("status"), c["timing"]["median_ms"] if c.get("timing") else None)
PY
