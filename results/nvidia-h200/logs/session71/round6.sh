#!/usr/bin/env bash
# Session 71 round 6. Issue 19, item 1: round 5's pairs by runs in the warp kernel (`runs` = bfab5f0: buckets of up to
# 320 keys, runs of up to 8) at every size the warp kernel takes, runs of up to 16 (`runs2` = b28a8d0): at 3e7 (buckets
# of about 460 keys, the stable rounds) round 5 found runs 0.5-1.2% slower than the build before it. Parts:
#  1. runs2: the forced hybrid conformance of 4-byte keys; compute-sanitizer memcheck and synccheck of u32+u32 at 3e7
#     (uniform, Zipf, sorted), racecheck of uniform u32+u32 at 3e7, every case validated (JSON);
#  2. runs / runs2 in turn, twice, cub-radix in every run, every case validated: u32, i32, f32 with u32 values at
#     2^22, 1e7, 2^24, 2.6e7, 3e7, 3.5e7 over uniform, sorted, Zipf, entropy-0.811, few-unique;
#  3. the heat map's 4-byte pairs with u32 values at 2^22, 1e7, 2^24 from runs2 (5 repetitions, validated).
# Build: scripts/build.sh && scripts/pack-build.sh build/release runs2. Run: LIMIT=300 bash <this>.
set -u
source scripts/device-round.sh
A=$(unpack .carry/runs.tar.xz)
B=$(unpack .carry/runs2.tar.xz)
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 "$B/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*"
S="$B/gpusort-bench --algo radix --type u32 --values u32 --n 3e7 --warmup 0 --reps 1"
part 40 compute-sanitizer --tool memcheck --error-exitcode 9 $S --dist uniform,zipf,sorted --json "$OUT/memcheck.json"
part 40 compute-sanitizer --tool synccheck --error-exitcode 9 $S --dist uniform,zipf,sorted --json "$OUT/synccheck.json"
part 60 compute-sanitizer --tool racecheck --error-exitcode 9 $S --dist uniform --json "$OUT/racecheck.json"
C="--algo cub-radix,radix --type u32,i32,f32 --values u32 --n 2^22,1e7,2^24,2.6e7,3e7,3.5e7"
C="$C --dist uniform,sorted,zipf,entropy-0.811,few-unique --warmup 2 --reps 10 -q"
for r in a b; do
  part 45 "$A/gpusort-bench" $C --json "$OUT/pairs-runs-$r.json"
  part 45 "$B/gpusort-bench" $C --json "$OUT/pairs-runs2-$r.json"
done
part 30 "$B/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 2^22,1e7,2^24 --reps 5 -q \
  --json "$OUT/radix-grid.s71-pairs2.json"
grep -E "^=== |^rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED|failed|mismatch" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
t, bad = {}, 0
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    form = f.split("/")[-1][:-len(".json")]
    for c in json.load(open(f))["cases"]:
        ok = c["status"] == "ok" and (c.get("validation") or {}).get("status") == "passed"
        bad += not ok
        if not ok:
            print("NOT PASSED", form, c["backend"], c["key_type"], c["n"], c["distribution"], c["status"])
        key = (c["key_type"], c["n"], c["distribution"])
        t.setdefault(key, {})[(form.replace("pairs-", ""), c["backend"])] = c["timing"]["median_ms"]
print("cases not passed:", bad)
for k, v in sorted(t.items()):
    cub = sorted(ms for (f, be), ms in v.items() if be == "cub-radix")
    if not cub:
        continue
    cm = cub[len(cub) // 2]
    cells = " ".join(f"{f}:{ms * 1e3:.1f}({cm / ms:.3f})" for (f, be), ms in sorted(v.items()) if be == "radix")
    print(*k, cells, f"cub:{cm * 1e3:.1f}")
PY
