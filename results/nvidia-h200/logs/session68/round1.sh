#!/usr/bin/env bash
# Session 68, round 1 (issue 19, item 2: 4-byte keys alone past 3.4e9). `halves` (bd2d786 + the 1024-thread bucket
# kernel holding each key's low half in shared memory: 106496 keys a bucket on Hopper where it held 53248, so one
# block a bucket to about 6.8e9 uniform u32 keys, where pairs of cluster blocks took them past 3.4e9; 32-bit block
# counts, runs of 2^16 keys or more sorted by the whole block; runs held in registers to 10 trips, 6 before) against
# `head` (bd2d786, the CI build). (1) halves' correctness: the forced 1024-thread conformance part; a run past 2^16
# keys (u32/i32/f32 entropy-0.201 at 150000 keys: bucket 0 holds about 90000 keys, its run 0 about 70000) validated,
# with memcheck, synccheck and racecheck. (2) Timing, u32 keys alone, cub-radix in every run, --validate none,
# head and halves alternated twice: 2^31 and 3e9 (the 1024-thread kernel in both), 2^32+17 (pairs in head).
set -u
source scripts/device-round.sh
H=$(unpack .carry/head.tar.xz)
N=$(unpack .carry/halves.tar.xz)
BUILDS="head=$H halves=$N"
F="--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place "$N/tests/gsb_conformance" --gtest_brief=1 "$F"
X="GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576"
X="$X GSB_RADIX_LARGE_BUCKETS_BY=passes"
LONG="--algo radix --n 150000 --dist entropy-0.201,uniform --reps 1 --warmup 0"
part 40 env $X "$N/gpusort-bench" $LONG --type u32,i32,f32 --order asc,desc --json "$OUT/long-runs.json"
for tool in memcheck synccheck; do
  part 60 env $X compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$N/gpusort-bench" $LONG \
    --type u32,f32 --order asc,desc -q
done
part 90 env $X compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$N/gpusort-bench" \
  --algo radix --n 150000 --dist entropy-0.201 --reps 1 --warmup 0 --type u32 -q
alternate 55 u32-mid --algo cub-radix,radix --type u32 --n 2^31,3e9 --warmup 1 --reps 3 --validate none -q
alternate 60 u32-xl --algo cub-radix,radix --type u32 --n 2^32+17 --warmup 1 --reps 3 --validate none -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|failed|mismatch" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    for c in json.load(open(f))["cases"]:
        print(f.split("/")[-1], c["key_type"], c["distribution"], c.get("order"), c["n"], c["backend"], c["status"],
              (c.get("validation") or {}).get("status"), c["timing"]["median_ms"] if c.get("timing") else None)
PY
