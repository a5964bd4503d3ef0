#!/usr/bin/env bash
# Session 60, round 7: `wuni3` (logs/session60/wuni3.patch: the warp kernel's whole-warp rows of round 5 for pairs and
# 8-byte keys only; 4-byte keys alone keep each lane's rows, the code of the head) against `land` (the head),
# alternated twice at the warp kernel's sizes, radix alone, 10 repetitions; then its checks: the hybrid conformance
# parts, memcheck and synccheck of the forced hybrid path, its 128-thread and in-place shapes, racecheck of the forced
# hybrid path's warp buckets.
set -u
source scripts/device-round.sh
A=$(unpack .carry/land.tar.xz)
B=$(unpack .carry/wuni3.tar.xz)
BUILDS="land=$A wuni3=$B"
alternate 40 warp --algo radix --type u32,i32,f32,u64 --values none,u32,u64 --n 1e7,2^24 --reps 10 --validate none -q
part 90 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/wuni3.tar.xz "$OUT/conformance"
part 40 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, .*in-place buckets.*|, 128-thread buckets)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh .carry/wuni3.tar.xz "$OUT/sanitizer"
part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 compute-sanitizer --tool racecheck --error-exitcode 99 \
  --print-limit 20 "$B/gpusort-bench" --algo radix --type u32,u64 --values none,u32 --n 1000,5000 --reps 1 --warmup 0 -q
grep -E "^=== |^rc=|RACECHECK|ERROR|PASSED|FAILED" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys
rows = {}
for b in ("land", "wuni3"):
    for r in "ab":
        d = json.load(open(f"{sys.argv[1]}/warp-{b}-{r}.json"))
        for c in d["cases"]:
            if c.get("timing"):
                rows.setdefault((c["key_type"], c["values"], c["n"]), {}).setdefault(b, []).append(c["timing"]["median_ms"] * 1000)
for k, v in rows.items():
    print(k, {b: [round(x, 1) for x in xs] for b, xs in v.items()})
PY
