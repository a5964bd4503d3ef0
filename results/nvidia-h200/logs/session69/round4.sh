#!/usr/bin/env bash
# Session 69, round 4 (issue 19, items 1 and 3): the landing build `final` (0af673b + round 1's bucket sort of 4-byte
# keys with 4-byte values by one counting round and runs, `runs`, kept for u32 values only; the pairs of cluster
# blocks removed: kernel, shape, list of unsplit buckets, test shape; the path's limit 2^33 on every band, one block a
# bucket past 2^31 wherever its capacity reaches). Checks: device-run.sh's forced hybrid conformance parts (with the
# new part: 256-thread buckets of 4-byte pairs over skewed inputs at 3e6, validated), the radix conformance over every
# size, memcheck and synccheck of the forced hybrid path, its 128- and 512-thread buckets and its buckets past a
# block, racecheck of the pairs by runs; u32 keys alone at 3e9 validated (one block a bucket past 2^31, now by the
# one rule). Timing against `land` (session 68's build), cub-radix in every run, --validate none, alternated twice:
# u32/i32/f32 with u32 values at 1e8 and 2^28, u32+u64 at 1e8 (its path unchanged).
set -u
source scripts/device-round.sh
B=.carry/final.tar.xz
part 120 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
  GSB_PARTS='^conformance \(radix hybrid|^radix hybrid, (256-thread buckets, 4-byte pairs|1024-thread in-place buckets, a run)' \
  bash .carry/device-run.sh $B "$OUT/forced"
part 130 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(GPU\)$' GSB_CONFORMANCE_FILTER='*radix*' \
  bash .carry/device-run.sh $B "$OUT/conformance"
part 70 env GSB_SKIP_BENCH=1 GSB_SKIP_TESTS=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix hybrid(, 128-thread buckets|, 512-thread buckets|, buckets past a block)?\)$|racecheck \(radix hybrid, 256-thread buckets, 4-byte pairs by runs\)' \
  bash .carry/device-run.sh $B "$OUT/sanitize"
A=$(unpack .carry/land.tar.xz)
N=$(unpack $B)
BUILDS="land=$A final=$N"
alternate 30 pairs --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 1e8,2^28 --warmup 1 --reps 5 \
  --validate none -q
alternate 15 pairs64 --algo cub-radix,radix --type u32 --values u64 --n 1e8 --warmup 1 --reps 5 --validate none -q
part 60 "$N/gpusort-bench" --algo cub-radix,radix --type u32 --n 3e9 --reps 1 -q --json "$OUT/keys-3e9.json"
grep -E "^=== |^rc=" "$L" | cut -c1-200
for d in forced conformance sanitize; do
  grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|tests ran| rc=" "$OUT/$d/device.log" | cut -c1-160
done
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    for c in json.load(open(f))["cases"]:
        print(f.split("/")[-1], c["key_type"], c.get("values"), c["distribution"], c["n"], c["backend"], c["status"],
              (c.get("validation") or {}).get("status"), c["timing"]["median_ms"] if c.get("timing") else None)
PY
