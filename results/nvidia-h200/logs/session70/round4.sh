#!/usr/bin/env bash
# Session 70, round 4 (issue 19, item 1: 4-byte keys with u32 values). The two-buffer bucket kernel's shape for
# 4-byte pairs: the shape rule never gives them 512 threads (bucket_widest_pays: measured before their buckets were
# sorted by runs, round 53, where 512 threads count 13 digit bits and runs are shorter). The landed build (f6b571e),
# as the rule chooses and with GSB_RADIX_BUCKET_THREADS=512, alternated twice, cub-radix in every run, --validate
# none: u32/i32/f32 with u32 values at 1e8, 2^27, 2^28; then the forced shape validated at those sizes.
set -u
source scripts/device-round.sh
A=$(unpack .carry/base.tar.xz)
C="--algo cub-radix,radix --type u32,i32,f32 --values u32 --n 1e8,2^27,2^28 --warmup 1 --reps 5 -q"
for r in a b; do
  part 40 "$A/gpusort-bench" $C --validate none --json "$OUT/pairs32-rule-$r.json"
  part 40 env GSB_RADIX_BUCKET_THREADS=512 "$A/gpusort-bench" $C --validate none --json "$OUT/pairs32-t512-$r.json"
done
part 90 env GSB_RADIX_BUCKET_THREADS=512 "$A/gpusort-bench" --algo radix --type u32,f32 --values u32 --n 1e8,2^28 \
  --dist uniform,zipf,entropy-0.811 --warmup 0 --reps 1 -q --json "$OUT/t512-validated.json"
grep -E "^=== |^rc=|failed|mismatch" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
t = {}
for f in sorted(glob.glob(f"{sys.argv[1]}/pairs32-*.json")):
    build = f.split("/")[-1][len("pairs32-"):-len(".json")]
    for c in json.load(open(f))["cases"]:
        t.setdefault((c["key_type"], c["n"]), {})[(build, c["backend"])] = c["timing"]["median_ms"]
for k, v in sorted(t.items()):
    print(*k, " ".join(f"{b}:{ms:.4f}" for (b, be), ms in sorted(v.items()) if be == "radix"),
          " ".join(f"cub-{b}:{ms:.4f}" for (b, be), ms in sorted(v.items()) if be == "cub-radix"))
for c in json.load(open(f"{sys.argv[1]}/t512-validated.json"))["cases"]:
    print("t512", c["key_type"], c["distribution"], c["n"], c["status"], (c.get("validation") or {}).get("status"))
PY
