#!/usr/bin/env bash
# Session 60, round 5: `wuni2` (logs/session60/wuni2.patch: round 4's wuni without its by-runs loops, which cost u32 and
# i32 keys alone 4% at 1e7 and 2^24: the load, the write-back, the rounds' counting loop and a long run's count in
# whole-warp rows) against `land` (the head's device code), alternated twice, radix alone, 10 repetitions, at the warp
# kernel's sizes; its checks (the hybrid conformance parts, memcheck and synccheck of the forced hybrid path and its
# in-place shapes, racecheck of the forced hybrid path's warp buckets). Then ncu of the landed 1024-thread MSD kernel
# at 2^31 (u32 keys alone), for the next step.
set -u
source scripts/device-round.sh
A=$(unpack .carry/land.tar.xz)
B=$(unpack .carry/wuni2.tar.xz)
BUILDS="land=$A wuni2=$B"
alternate 40 warp --algo radix --type u32,i32,f32,u64 --values none,u32,u64 --n 1e7,2^24 --reps 10 --validate none -q
part 90 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/wuni2.tar.xz "$OUT/conformance"
part 40 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, .*in-place buckets.*|, 128-thread buckets)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh .carry/wuni2.tar.xz "$OUT/sanitizer"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 compute-sanitizer --tool racecheck --error-exitcode 99 \
  --print-limit 20 "$B/gpusort-bench" --algo radix --type u32,u64 --values none,u32 --n 1000,5000 --reps 1 --warmup 0 -q
r="$OUT/land-2p31"
part 60 ncu -k regex:bucket_sort_kernel --launch-count 1 --section SpeedOfLight --section WarpStateStats \
  --section SchedulerStats --section InstructionStats --section SourceCounters --section MemoryWorkloadAnalysis \
  -o "$r" "$A/gpusort-bench" --algo radix --type u32 --n 2^31 --reps 1 --warmup 0 --validate none -q
part 40 sh -c "ncu -i '$r.ncu-rep' --page details > '$r-details.txt'; \
  ncu -i '$r.ncu-rep' --page source --csv --print-source sass > '$r-sass.csv'; rm -f '$r.ncu-rep'"
grep -E "^=== |^rc=|RACECHECK|ERROR|PASSED|FAILED" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
grep -E "Duration|Executed Instructions  |No Eligible|DRAM Throughput|L2 Cache Throughput|Compute \(SM\)" "$r-details.txt"
python3 - "$OUT" <<'PY'
import json, sys
rows = {}
for b in ("land", "wuni2"):
    for r in "ab":
        d = json.load(open(f"{sys.argv[1]}/warp-{b}-{r}.json"))
        for c in d["cases"]:
            if c.get("timing"):
                rows.setdefault((c["key_type"], c["values"], c["n"]), {}).setdefault(b, []).append(c["timing"]["median_ms"] * 1000)
for k, v in rows.items():
    print(k, {b: [round(x, 1) for x in xs] for b, xs in v.items()})
PY
