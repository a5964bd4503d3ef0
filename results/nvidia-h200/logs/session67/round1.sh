#!/usr/bin/env bash
# Session 67, round 1 (issue 19). (1) Item 2: `reread` (logs/session66/reread.patch on 9945285) against `head`
# (9945285): u32 keys alone, head and reread alternated twice, cub-radix in every run, --validate none (timing only):
# 1.8e9 and 2^31 (the 1024-thread kernel holds the buckets in both: does the second read cost?), 3e9 (pairs of cluster
# blocks in head, one block in reread). Then reread's forced 1024-thread and pairs conformance parts, and reread
# validated at the three sizes. Sanitizers in a later call if it is kept. (2) Item 4, a lead session 66's round 6 did
# not reach: u64+u64 Zipf / entropy-0.811 at 1e8 with the sample overruled and the buckets past a block by segmented
# passes (GSB_RADIX_LARGE_BUCKETS_BY=passes with GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576, which leaves the capacity as
# it is), head's binary, each in its own process, alternated twice, validated.
set -u
source scripts/device-round.sh
H=$(unpack .carry/head.tar.xz)
R=$(unpack .carry/reread.tar.xz)
BUILDS="head=$H reread=$R"
alternate 50 u32-mid --algo cub-radix,radix --type u32 --n 1.8e9,2^31 --warmup 1 --reps 3 --validate none -q
alternate 50 u32-3e9 --algo cub-radix,radix --type u32 --n 3e9 --warmup 1 --reps 3 --validate none -q
part 120 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
  GSB_PARTS='^conformance \(radix hybrid(, 1024-thread in-place buckets|, pairs of 1024-thread blocks.*| path from n = 2)\)$' \
  bash .carry/device-run.sh .carry/reread.tar.xz "$OUT/conformance"
for r in a b; do
  for how in lsd passes; do
    e=""; [ $how = passes ] && e="GSB_RADIX_LARGE_BUCKETS_BY=passes GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576"
    part 40 env $e "$H/gpusort-bench" --algo radix,cub-radix --type u64 --values u64 --dist zipf,entropy-0.811 \
      --n 1e8 --warmup 1 --reps 5 -q --json "$OUT/segs-$how-$r.json"
  done
done
part 100 "$R/gpusort-bench" --algo cub-radix,radix --type u32 --n 1.8e9,2^31,3e9 --reps 3 -q --json "$OUT/u32-reread-valid.json"
grep -E "^=== |^rc=|PASSED|FAILED" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED|tests ran" "$OUT"/conformance/device.log | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    for c in json.load(open(f))["cases"]:
        print(f.split("/")[-1], c["key_type"], c["values"], c["distribution"], c["n"], c["backend"], c["status"],
              (c.get("validation") or {}).get("status"), c["timing"]["median_ms"] if c.get("timing") else None)
PY
