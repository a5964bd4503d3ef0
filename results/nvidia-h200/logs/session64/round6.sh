#!/usr/bin/env bash
# Session 64, round 6: the L2 prefetch distance of the pairs' kernel. Round 4's source counters of the landed kernel
# (u32, 2^32+17): the load's first rows waited on their global loads (long scoreboard) for 8% of the kernel's stall
# samples; the pairs prefetch, as the 1024-thread kernel, the bucket of the pair slot 4 eighths of a wave on (measured
# for that kernel at 1.8e9 in session 59). `waves` (logs/session64/waves.patch: GSB_EXP_PAIR_WAVES takes the
# distances in turn, one a sort, host code only; the kernel is the head's): 0, 4, 8, 12, 16 eighths, u32, validated,
# 2^32+17 and 3e9, warm-ups one of each, then 5 samples of each.
set -u
source scripts/device-round.sh
W=$(unpack .carry/waves.tar.xz)
WAVES=0,4,8,12,16
part 80 env GSB_EXP_PAIR_WAVES=$WAVES "$W/gpusort-bench" --algo radix --type u32 --n 2^32+17 --warmup 5 --reps 25 -q \
  --json "$OUT/waves-xl.json"
part 60 env GSB_EXP_PAIR_WAVES=$WAVES "$W/gpusort-bench" --algo radix --type u32 --n 3e9 --warmup 5 --reps 25 -q \
  --json "$OUT/waves-3e9.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
python3 - "$OUT" "$WAVES" <<'PY'
import json, sys, statistics
forms = sys.argv[2].split(",")
for name in ("waves-xl", "waves-3e9"):
    try:
        c = json.load(open(f"{sys.argv[1]}/{name}.json"))["cases"][0]
    except Exception as e:
        print(name, "missing", e); continue
    s = c["timing"]["samples_ms"]
    print(name, c["n"], c["validation"]["status"] if c.get("validation") else None, len(s), "samples")
    for i, f in enumerate(forms):
        mine = s[i::len(forms)]
        print(f"  {f} eighths: median {statistics.median(mine):.3f} ms  samples {' '.join(f'{x:.2f}' for x in mine)}")
PY
