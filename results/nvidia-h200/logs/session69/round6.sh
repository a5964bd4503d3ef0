#!/usr/bin/env bash
# Session 69, round 6 (issue 19, item 2; a lead from round 5): through compute_80 PTX the sm80 band's path sorted u32
# keys alone at 3e9 in 37.27 ms on the H200, where sm_90's takes 40.27. Is it the band's policy? The landing build
# (native sm_90 code) with the host on sm80's policy and limits (GSB_ARCH=80: its passes' shapes, 73728 keys a bucket,
# no L2 prefetch in the bucket sort) against its own sm_90 policy, radix alone, --validate none, 3 repetitions, in
# turn twice: 3e9 and 2^32+17.
set -u
source scripts/device-round.sh
N=$(unpack .carry/final.tar.xz)
for r in a b; do
  part 45 "$N/gpusort-bench" --algo radix --type u32 --n 3e9,2^32+17 --reps 3 --validate none -q --json "$OUT/sm90-$r.json"
  part 45 env GSB_ARCH=80 "$N/gpusort-bench" --algo radix --type u32 --n 3e9,2^32+17 --reps 3 --validate none -q \
    --json "$OUT/sm80-$r.json"
done
grep -E "^=== |^rc=" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    for c in json.load(open(f))["cases"]:
        print(f.split("/")[-1], c["key_type"], c["n"], c["backend"], c["status"], c["timing"]["median_ms"], c["timing"]["samples_ms"])
PY
