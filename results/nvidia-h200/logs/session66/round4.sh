#!/usr/bin/env bash
# Session 66, round 4. The large-n record of the other distributions is old: at 2^28 the last runs of u32 keys alone
# (2026-11-27, before sessions 42-65) had Zipf, entropy-0.201 / 0.811, few-unique and sorted at 0.875-0.981x, u64+u32
# Zipf 0.964x. Here every such distribution at 2^28 for u32 and u64 keys, values none, u32 and u64, cub-radix in the
# same run, validated (the landed build of d0f035d: `fallback`).
set -u
source scripts/device-round.sh
T=.carry/fallback.tar.xz
F=$(unpack "$T")
for k in u32 u64; do
  part 280 "$F/gpusort-bench" --algo cub-radix,radix --type $k --values none,u32,u64 --n 2^28 \
    --dist zipf,entropy-0.201,entropy-0.544,entropy-0.811,few-unique,sorted,nearly-sorted,reverse \
    --warmup 1 --reps 3 -q --json "$OUT/radix-dist.s66-2p28-$k.json"
done
grep -E "^=== |^rc=" "$L" | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/radix-dist.s66-2p28-*.json")):
    t = {}
    for c in json.load(open(f))["cases"]:
        t[(c["key_type"], c["values"], c["distribution"], c["backend"])] = (
            c["timing"]["median_ms"] if c.get("timing") else None, (c.get("validation") or {}).get("status"), c["status"])
    for (k, v, d, b), (ms, val, st) in sorted(t.items()):
        if b != "radix": continue
        cub = t.get((k, v, d, "cub-radix"), (None, None, None))
        r = cub[0] / ms if ms and cub[0] else None
        print(f"{k}+{v} {d}: radix {ms} ({val}, {st}) cub-radix {cub[0]} ({cub[1]}) ratio {r:.3f}" if r else
              f"{k}+{v} {d}: radix {ms} ({val}, {st}) cub-radix {cub[0]} ({cub[1]})")
PY
