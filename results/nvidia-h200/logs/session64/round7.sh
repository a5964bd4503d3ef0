#!/usr/bin/env bash
# Session 64, round 7: round 6 found the pairs' L2 prefetch (4 eighths of a wave on) 1.1% slower than none at 2^32+17
# (59.27 / 58.63 ms) and 1.5% faster at 3e9 (42.44 / 43.08). Where between: u32 keys alone at 2.4e9, 3.5e9, 4e9 and
# 2^32+17 (uniform buckets of 36.6K, 53.4K, 61.0K and 65.5K keys), none and 4 eighths in turn (`waves`, host code
# only), warm-ups one of each, then 6 samples of each, validated.
set -u
source scripts/device-round.sh
W=$(unpack .carry/waves.tar.xz)
for n in 2.4e9 3.5e9 4e9 2^32+17; do
  part 60 env GSB_EXP_PAIR_WAVES=0,4 "$W/gpusort-bench" --algo radix --type u32 --n $n --warmup 2 --reps 12 -q \
    --json "$OUT/waves-$n.json"
done
grep -E "^=== |^rc=" "$L" | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, statistics, glob
forms = ["0", "4"]
for f in sorted(glob.glob(f"{sys.argv[1]}/waves-*.json")):
    c = json.load(open(f))["cases"][0]
    s = c["timing"]["samples_ms"]
    print(f.split("/")[-1], c["n"], c["validation"]["status"] if c.get("validation") else None, len(s), "samples")
    for i, w in enumerate(forms):
        mine = s[i::len(forms)]
        print(f"  {w} eighths: median {statistics.median(mine):.3f} ms  samples {' '.join(f'{x:.2f}' for x in mine)}")
PY
