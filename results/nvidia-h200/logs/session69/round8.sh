#!/usr/bin/env bash
# Session 69, round 8 (issue 19, item 2; the lead of rounds 5-7): does the 1024-thread bucket kernel's L2 prefetch
# (4 eighths of a wave on, sm_90 only; sm80 launches it without) cost u32 keys alone at 3e9? `waves` = the landed
# build + logs/session69/waves.patch (an experiment variable, GSB_EXP_WAVES: the prefetch distance in eighths of a
# wave; in no landed code). radix alone, --validate none, 3 repetitions, in turn: 3e9 at 4 (the landed distance), 0
# and 8, twice; 2^32+17 at 4 and 0.
set -u
source scripts/device-round.sh
N=$(unpack .carry/waves.tar.xz)
for r in a b; do
  for w in 4 0 8; do
    part 20 env GSB_EXP_WAVES=$w "$N/gpusort-bench" --algo radix --type u32 --n 3e9 --reps 3 --validate none -q \
      --json "$OUT/3e9-w$w-$r.json"
  done
done
for w in 4 0; do
  part 25 env GSB_EXP_WAVES=$w "$N/gpusort-bench" --algo radix --type u32 --n 2^32+17 --reps 3 --validate none -q \
    --json "$OUT/xl-w$w.json"
done
grep -E "^=== |^rc=|error" "$L" | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    for c in json.load(open(f))["cases"]:
        print(f.split("/")[-1], c["n"], c["backend"], c["status"], c["timing"]["median_ms"], c["timing"]["samples_ms"])
PY
