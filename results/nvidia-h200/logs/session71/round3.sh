#!/usr/bin/env bash
# Session 71 round 3. Issue 19, item 1: 4-byte keys with u32 values take the hybrid path from 2^22 (7e6 before), and
# the skewed ones it hands to the LSD passes below 7e6 take the LSD row (HybridSort::sort_past; from 7e6 the
# fallback's own row, as before). Host code only: every kernel is the landed one's. `new` = ee712b3
# (built with CUDAARCHS=90-real); `base` = f6b571e (the landed build before it). Parts:
#  1. the new routes under compute-sanitizer (memcheck, synccheck; racecheck where it ends in its time): u32+u32 at
#     2^22, uniform (the path) and Zipf (the sample's verdict, then the LSD row), every case validated;
#  2. base / new in turn, twice, cub-radix and radix-lsd in every run, every case validated: u32, i32, f32 with u32
#     values at 2^22, 5e6, 6e6 and 7e6 (7e6: unchanged, the control) over every distribution of these types;
#  3. the fallback's two rows beyond 6e6 (not compared there before): radix-lsd against radix (new) on skewed pairs at
#     1e7 and 2^24 (radix: the sample's verdict, then the fallback's own row);
#  4. the heat map's 2^22 column of 4-byte pairs (new, 5 repetitions, validated).
# Build: scripts/build.sh && scripts/pack-build.sh build/release new. Run: LIMIT=450 bash <this>.
set -u
source scripts/device-round.sh
A=$(unpack .carry/base.tar.xz)
N=$(unpack .carry/new.tar.xz)
R="$N/gpusort-bench --algo radix --type u32 --values u32 --n 2^22 --dist uniform,zipf --warmup 0 --reps 1 -q"
part 90 compute-sanitizer --tool memcheck --error-exitcode 9 $R
part 60 compute-sanitizer --tool synccheck --error-exitcode 9 $R
part 60 compute-sanitizer --tool racecheck --error-exitcode 9 $R
D=uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
C="--algo cub-radix,radix,radix-lsd --type u32,i32,f32 --values u32 --n 2^22,5e6,6e6,7e6 --dist $D"
C="$C --warmup 2 --reps 10 -q"
for r in a b; do
  part 60 "$A/gpusort-bench" $C --json "$OUT/small-pairs-base-$r.json"
  part 60 "$N/gpusort-bench" $C --json "$OUT/small-pairs-new-$r.json"
done
part 60 "$N/gpusort-bench" --algo cub-radix,radix,radix-lsd --type u32,i32,f32 --values u32 --n 1e7,2^24 \
  --dist zipf,entropy-0.811,entropy-0.544,entropy-0.201 --warmup 2 --reps 10 -q --json "$OUT/fallback-rows.json"
part 60 "$N/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 2^22 --reps 5 -q \
  --json "$OUT/radix-grid.s71-pairs-2p22.json"
grep -E "^=== |^rc=|ERROR SUMMARY|RACECHECK SUMMARY|failed|mismatch" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
t, bad = {}, 0
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    form = f.split("/")[-1][:-len(".json")]
    for c in json.load(open(f))["cases"]:
        ok = c["status"] == "ok" and (c.get("validation") or {}).get("status") == "passed"
        bad += not ok
        key = (c["key_type"], c["n"], c["distribution"])
        t.setdefault(key, {})[(form.replace("small-pairs-", ""), c["backend"])] = c["timing"]["median_ms"]
print("cases not passed:", bad)
for k, v in sorted(t.items()):
    cub = sorted(ms for (f, be), ms in v.items() if be == "cub-radix")
    cm = cub[len(cub) // 2]
    cells = " ".join(f"{f}/{be}:{ms * 1e3:.1f}({cm / ms:.3f})"
                     for (f, be), ms in sorted(v.items()) if be != "cub-radix")
    print(*k, cells, f"cub:{cm * 1e3:.1f}")
PY
