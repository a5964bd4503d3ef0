#!/usr/bin/env bash
# Session 61, round 3: `vload` (logs/session61/vload.patch: bucket_sort_kernel loads each value with its key, ahead of
# the counting atomics and shared stores, where each value's load was issued after the previous key's atomic and
# stores; ptxas sm_90: u32+u32 two-buffer kernels 40-42 -> 48 registers, no new spill) against `head` (be88960),
# radix and cub-radix in every run, alternated twice; then its checks: the hybrid conformance parts, memcheck and
# synccheck of the forced hybrid path and its 128-thread, 512-thread and in-place buckets, racecheck of 256-thread
# buckets forced over pairs.
set -u
source scripts/device-round.sh
H=$(unpack .carry/head.tar.xz)
V=$(unpack .carry/vload.tar.xz)
BUILDS="head=$H vload=$V"
alternate 60 vl --algo radix,cub-radix --type u32,u64 --values u32,u64 --n 1e8,2^28 --reps 10 --validate none -q
alternate 40 vl9 --algo radix,cub-radix --type u32 --values u32 --n 1e9 --reps 5 --validate none -q
part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/vload.tar.xz "$OUT/conformance"
part 60 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, 128-thread buckets|, 512-thread buckets|, in-place buckets)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh .carry/vload.tar.xz "$OUT/sanitizer"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=256 compute-sanitizer \
  --tool racecheck --error-exitcode 99 --print-limit 20 "$V/gpusort-bench" --algo radix --type u32,u64 \
  --values u32,u64 --n 1000,5000 --reps 1 --warmup 0 -q
grep -E "^=== |^rc=|RACECHECK|ERROR|PASSED|FAILED|failed" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, os
rows = {}
for name in ("vl", "vl9"):
    for b in ("head", "vload"):
        for r in "ab":
            f = f"{sys.argv[1]}/{name}-{b}-{r}.json"
            if not os.path.exists(f):
                continue
            for c in json.load(open(f))["cases"]:
                if c.get("timing"):
                    rows.setdefault((c["key_type"], c["values"], c["n"], c["backend"]), {}).setdefault(b, []).append(
                        round(c["timing"]["median_ms"], 4))
for k, v in sorted(rows.items()):
    print(k, v)
PY
