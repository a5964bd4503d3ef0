#!/usr/bin/env bash
# Session 71 round 5. Issue 19, item 1: the warp bucket kernel sorts 4-byte keys with 4-byte values by runs (bfab5f0:
# each key a word of its low half over its position, counted by bits 8 .. 15, placed by the counting atomic, ranked
# within its run by comparison, its value read from its position; runs past 8 keys take the stable rounds), where
# round 4's ncu put two stable rounds at 85 of the path's 236 us (u32+u32 at 2^22, clocks at base). `runs` = bfab5f0,
# `final` = 18ebb01 (the build before it). Parts:
#  1. the forced hybrid conformance of 4-byte keys (GSB_RADIX_HYBRID_MIN_N=2: buckets of a few keys in the warp
#     kernel, runs past 8 keys from the duplicated distributions);
#  2. compute-sanitizer memcheck and synccheck of u32+u32 and f32+u32 at 2^22 and 1e7 (uniform, Zipf, entropy-0.811,
#     sorted), racecheck of u32+u32 at 2^22, every case validated (JSON), and of the forced path at 3000 keys;
#  3. final / runs in turn, twice, cub-radix in every run, every case validated: u32, i32, f32 with u32 values at 2^22,
#     1e7, 2^24 and 3e7 (buckets past 320 keys: unchanged) over uniform, sorted, few-unique, Zipf, entropy-0.811,
#     entropy-0.201, all-equal, nearly-sorted;
#  4. the heat map's 4-byte pairs with u32 values at 2^22, 1e7, 2^24 from runs (5 repetitions, validated).
# Build: scripts/build.sh && scripts/pack-build.sh build/release runs. Run: LIMIT=450 bash <this>.
set -u
source scripts/device-round.sh
F=$(unpack .carry/final.tar.xz)
R=$(unpack .carry/runs.tar.xz)
part 120 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 "$R/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*"
S="$R/gpusort-bench --algo radix --type u32,f32 --values u32 --n 2^22,1e7 --dist uniform,zipf,entropy-0.811,sorted"
S="$S --warmup 0 --reps 1"
for tool in memcheck synccheck racecheck; do
  if [ $tool = racecheck ]; then  # (u32+u32 at 2^22 only: racecheck of a 1e7 sort takes tens of seconds)
    part 60 compute-sanitizer --tool $tool --error-exitcode 9 "$R/gpusort-bench" --algo radix --type u32 --values u32 \
      --n 2^22 --dist uniform,zipf,entropy-0.811,sorted --warmup 0 --reps 1 --json "$OUT/$tool.json"
  else
    part 60 compute-sanitizer --tool $tool --error-exitcode 9 $S --json "$OUT/$tool.json"
  fi
  part 30 env GSB_RADIX_HYBRID_MIN_N=2 compute-sanitizer --tool $tool --error-exitcode 9 "$R/gpusort-bench" \
    --algo radix --type u32 --values u32 --n 3000 --dist uniform,few-unique,entropy-0.201 --warmup 0 --reps 1 \
    --json "$OUT/$tool-forced.json"
done
D=uniform,sorted,few-unique,zipf,entropy-0.811,entropy-0.201,all-equal,nearly-sorted
C="--algo cub-radix,radix --type u32,i32,f32 --values u32 --n 2^22,1e7,2^24,3e7 --dist $D --warmup 2 --reps 10 -q"
for r in a b; do
  part 60 "$F/gpusort-bench" $C --json "$OUT/pairs-final-$r.json"
  part 60 "$R/gpusort-bench" $C --json "$OUT/pairs-runs-$r.json"
done
part 60 "$R/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 2^22,1e7,2^24 --reps 5 -q \
  --json "$OUT/radix-grid.s71-pairs.json"
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
