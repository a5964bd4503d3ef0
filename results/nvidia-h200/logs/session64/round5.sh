#!/usr/bin/env bash
# Session 64, round 5: the plan of logs/session63-planned.sh (item 2 of issue 19: 4-byte pairs at 1e8, 1.32x), with
# the head's build (`main` = round 4's `land`): where the two-buffer bucket sort of u32+u32 at 1e8 spends its
# instructions and stalls, and the first MSD pass beside it; and every kernel's time in one u32+u32 sort at 1e8
# (ncu, base clocks), to see which part of the sort to take next.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 90 ncu --section SpeedOfLight -o "$OUT/all" "$M/gpusort-bench" --algo radix --type u32 --values u32 --n 1e8 \
  --reps 1 --warmup 0 --validate none -q
part 120 ncu -k regex:bucket_sort_kernel --launch-count 1 --section SourceCounters --section WarpStateStats \
  --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --warp-sampling-interval 0 \
  -o "$OUT/twobuf" "$M/gpusort-bench" --algo radix --type u32 --values u32 --n 1e8 --reps 1 --warmup 0 \
  --validate none -q
part 120 ncu -k regex:pass_kernel --launch-count 1 --section SourceCounters --section WarpStateStats \
  --section SpeedOfLight --section MemoryWorkloadAnalysis --warp-sampling-interval 0 -o "$OUT/pass1" \
  "$M/gpusort-bench" --algo radix --type u32 --values u32 --n 1e8 --reps 1 --warmup 0 --validate none -q
part 60 bash -c "ncu -i $OUT/all.ncu-rep --page details --csv > $OUT/all-details.csv; for r in twobuf pass1; do ncu -i $OUT/\$r.ncu-rep --page source --csv --print-source sass > $OUT/\$r-sass.csv; ncu -i $OUT/\$r.ncu-rep --page details > $OUT/\$r-details.txt; done; rm -f $OUT/*.ncu-rep"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "Duration|Warp Cycles Per Issued|Throughput|Excessive|Theoretical Occupancy" "$OUT"/*-details.txt | head -40
python3 - "$OUT/all-details.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for r in rows:
    if r.get("Metric Name") == "Duration":
        print(r["ID"], r["Kernel Name"][:90], r["Metric Value"], r["Metric Unit"])
PY
