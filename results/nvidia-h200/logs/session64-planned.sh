#!/usr/bin/env bash
# Planned for session 64 (not run). Needs .carry/main.tar.xz (scripts/pack-build.sh build/release main, from the
# head) and .carry/cnt.tar.xz (the head with logs/session63/cnt.patch applied to bucket_sort.cuh and
# cluster_launch.cuh, built and packed as cnt).
# 1. Where the pairs' kernel (4-byte keys alone past one block's buckets, u32 at 2^32+17: 1.376x, 37.63 ms under ncu,
#    about 23% more per key than the 1024-thread kernel at 2^31; NOTES.md round 47) spends its instructions and
#    stalls: the load's routing and remote stores, the two cluster barriers, the read-back, the runs of 256 keys.
# 2. The A/B that session 63 round 4 meant to run (its `alternate` lacked --algo): round 4's counting as the keys
#    load against the head, radix alone at 2^32+17, alternated twice.
# (The session-63 planned round for pairs, logs/session63-planned.sh, is still to be run as well.)
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
C=$(unpack .carry/cnt.tar.xz)
part 150 ncu -k regex:bucket_pair_sort_kernel --launch-count 1 --section SourceCounters --section WarpStateStats \
  --section SpeedOfLight --section MemoryWorkloadAnalysis --warp-sampling-interval 2 -o "$OUT/pairs" \
  "$M/gpusort-bench" --algo radix --type u32 --n 2^32+17 --reps 1 --warmup 0 --validate none -q
part 40 bash -c "ncu -i $OUT/pairs.ncu-rep --page source --csv --print-source sass > $OUT/pairs-sass.csv; ncu -i $OUT/pairs.ncu-rep --page details > $OUT/pairs-details.txt; rm -f $OUT/*.ncu-rep"
BUILDS="main=$M cnt=$C" alternate 30 xl --algo radix --type u32 --n 2^32+17 --reps 3 --validate none -q
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "Duration|Warp Cycles Per Issued|Throughput|Excessive" "$OUT"/pairs-details.txt | head -20
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/xl-*.json")):
    for c in json.load(open(f))["cases"]:
        print(f.split("/")[-1], c["backend"], c["n"], c["timing"]["median_ms"] if c.get("timing") else c.get("reason"))
PY
