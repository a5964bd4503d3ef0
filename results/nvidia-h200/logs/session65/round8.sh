#!/usr/bin/env bash
# Session 65, round 8: the record of `land` for 4-byte keys with u32 values, cub-radix in the same run, validated:
# u32, i32, f32 at 2^22, 1e7, 2^24, 1e8, 2^27, 2^28, 1e9 (results/nvidia-h200/radix-grid.s65-pairs.json).
set -u
source scripts/device-round.sh
F=$(unpack .carry/land.tar.xz)
part 500 "$F/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 2^22,1e7,2^24,1e8,2^27,2^28,1e9 \
  --warmup 2 --reps 5 -q --json "$OUT/radix-grid.s65-pairs.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys
cases = json.load(open(f"{sys.argv[1]}/radix-grid.s65-pairs.json"))["cases"]
t = {}
for c in cases:
    t[(c["key_type"], c["n"], c["backend"])] = (c["timing"]["median_ms"] if c.get("timing") else None,
                                                (c.get("validation") or {}).get("status"))
for (k, n, b), (ms, v) in sorted(t.items()):
    if b != "radix": continue
    cub = t.get((k, n, "cub-radix"), (None, None))
    r = cub[0] / ms if ms and cub[0] else None
    print(f"{k}+u32 n={n}: radix {ms:.4f} ms ({v}), cub-radix {cub[0]:.4f} ms ({cub[1]}), ratio {r:.3f}")
PY
