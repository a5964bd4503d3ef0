#!/usr/bin/env bash
# Session 69, round 7 (issue 19, item 2; round 6 could not set sm80's policy under native code: GSB_ARCH needs its
# PTX). What the sm80 route lacks that sm_90's has, one knob at a time on the landing build (native sm_90): programmatic
# dependent launches off (GSB_DEPENDENT_LAUNCH=0), the 16-bit histogram's clusters off (GSB_CLUSTER_LAUNCH=0); u32
# keys alone at 3e9, radix alone, --validate none, 3 repetitions, in turn twice.
set -u
source scripts/device-round.sh
N=$(unpack .carry/final.tar.xz)
for r in a b; do
  part 30 "$N/gpusort-bench" --algo radix --type u32 --n 3e9 --reps 3 --validate none -q --json "$OUT/default-$r.json"
  part 30 env GSB_DEPENDENT_LAUNCH=0 "$N/gpusort-bench" --algo radix --type u32 --n 3e9 --reps 3 --validate none -q \
    --json "$OUT/nopdl-$r.json"
  part 30 env GSB_CLUSTER_LAUNCH=0 "$N/gpusort-bench" --algo radix --type u32 --n 3e9 --reps 3 --validate none -q \
    --json "$OUT/nocluster-$r.json"
done
grep -E "^=== |^rc=|error" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    for c in json.load(open(f))["cases"]:
        print(f.split("/")[-1], c["key_type"], c["n"], c["backend"], c["status"], c["timing"]["median_ms"], c["timing"]["samples_ms"])
PY
