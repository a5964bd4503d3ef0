#!/usr/bin/env bash
# Session 66, round 5. The fallback's record at 1e9 (the landed build of d0f035d, `fallback`): skewed 8-byte keys with
# u32 values (this session's policy) and u64 values (the LSD row), and skewed 4-byte pairs (session 65's policy, not
# run at 1e9 on skewed keys before), cub-radix in the same run, validated, 3 repetitions.
set -u
source scripts/device-round.sh
T=.carry/fallback.tar.xz
F=$(unpack "$T")
part 200 "$F/gpusort-bench" --algo cub-radix,radix --type u64 --values u32 --dist zipf,entropy-0.201 --n 1e9 \
  --warmup 1 --reps 3 -q --json "$OUT/radix-dist.s66-1e9-u64u32.json"
part 120 "$F/gpusort-bench" --algo cub-radix,radix --type u64 --values u64 --dist zipf --n 1e9 \
  --warmup 1 --reps 3 -q --json "$OUT/radix-dist.s66-1e9-u64u64.json"
part 200 "$F/gpusort-bench" --algo cub-radix,radix --type u32 --values u32 --dist zipf,entropy-0.201 --n 1e9 \
  --warmup 1 --reps 3 -q --json "$OUT/radix-dist.s66-1e9-u32u32.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/radix-dist.s66-1e9-*.json")):
    t = {}
    for c in json.load(open(f))["cases"]:
        t[(c["key_type"], c["values"], c["distribution"], c["backend"])] = (
            c["timing"]["median_ms"] if c.get("timing") else None, (c.get("validation") or {}).get("status"), c["status"])
    for (k, v, d, b), (ms, val, st) in sorted(t.items()):
        if b != "radix": continue
        cub = t.get((k, v, d, "cub-radix"), (None, None, None))
        print(f"{k}+{v} {d}: radix {ms} ({val}, {st}) cub-radix {cub[0]} ({cub[1]})",
              f"ratio {cub[0] / ms:.3f}" if ms and cub[0] else "")
PY
