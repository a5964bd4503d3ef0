#!/usr/bin/env bash
# Session 69, round 5 (issue 19, item 3): the landing build's device code as compute_80 PTX (`sm80`: the same tree built
# 80-virtual, JIT-compiled for the H200, GSB_ARCH=80: the sm80 band's policy and limits). The hybrid path's forced
# conformance parts (with the 1024-thread buckets, 73728 keys a bucket on sm80, and the 256-thread buckets of 4-byte
# pairs by runs), then u32 keys alone past 2^31, which sm80 now sorts on the hybrid path (it stopped at 2^31 while
# only sm_90's pairs of cluster blocks went past): 3e9 and 2^32+17 validated, cub-radix in the same run.
set -u
source scripts/device-round.sh
B=.carry/sm80.tar.xz
part 150 env GSB_ARCH=80 GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
  GSB_PARTS='^conformance \(radix hybrid|^radix hybrid, (256-thread buckets, 4-byte pairs|1024-thread in-place buckets, a run)' \
  bash .carry/device-run.sh $B "$OUT/forced"
N=$(unpack $B)
part 100 env GSB_ARCH=80 "$N/gpusort-bench" --algo cub-radix,radix --type u32 --n 3e9,2^32+17 --reps 1 -q \
  --json "$OUT/sm80-past-2p31.json"
part 60 env GSB_ARCH=80 "$N/gpusort-bench" --algo radix --type u32 --n 3e9 --reps 1 --validate none 2>&1 | head -3
grep -E "^=== |^rc=" "$L" | cut -c1-200
grep -hE "^=== |PASSED|FAILED|rc=|code |policies" "$OUT/forced/device.log" | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    d = json.load(open(f))
    for c in d["cases"]:
        print(f.split("/")[-1], c["key_type"], c.get("values"), c["distribution"], c["n"], c["backend"], c["status"],
              (c.get("validation") or {}).get("status"), c["timing"]["median_ms"] if c.get("timing") else None)
PY
