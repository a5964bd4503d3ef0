#!/usr/bin/env bash
# Session 71 round 4. Issue 19, item 1: the landing build, `final` = 18ebb01 (4-byte keys with u32 values take the
# hybrid path from 2^22; skewed ones its fallback's own row, as round 2 measured by the test's override), against
# `base` = f6b571e. Parts:
#  1. compute-sanitizer memcheck, synccheck, racecheck of u32+u32 at 2^22: uniform (the path), Zipf (the sample's
#     verdict, then the fallback's row), sorted (the MSD passes' stable ranking), every case validated (JSON);
#  2. base / final in turn, twice, cub-radix and radix-lsd in every run, every case validated: u32, i32, f32 with u32
#     values at 2^22, 5e6 and 6e6 over every distribution of these types (f32: normal too);
#  3. the heat map's 2^22 column of 4-byte pairs from final (5 repetitions, validated);
#  4. the radix conformance (every radix back-end's cases: --gtest_filter='*radix*');
#  5. diagnostics, one sort each under ncu (kernel names and durations): u32+u32 Zipf and uniform at 2^22 (what the
#     verdict costs), uniform at 1e8, 2^27, 2^28 (which bucket shapes each size launches: round 1's lead).
# Build: scripts/build.sh && scripts/pack-build.sh build/release final. Run: LIMIT=540 bash <this>.
set -u
source scripts/device-round.sh
A=$(unpack .carry/base.tar.xz)
F=$(unpack .carry/final.tar.xz)
S="$F/gpusort-bench --algo radix --type u32 --values u32 --n 2^22 --dist uniform,zipf,sorted --warmup 0 --reps 1"
part 60 compute-sanitizer --tool memcheck --error-exitcode 9 $S --json "$OUT/memcheck.json"
part 60 compute-sanitizer --tool synccheck --error-exitcode 9 $S --json "$OUT/synccheck.json"
part 90 compute-sanitizer --tool racecheck --error-exitcode 9 $S --json "$OUT/racecheck.json"
D=uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
C="--algo cub-radix,radix,radix-lsd --values u32 --n 2^22,5e6,6e6 --warmup 2 --reps 10 -q"
for r in a b; do
  part 60 "$A/gpusort-bench" $C --type u32,i32,f32 --dist $D --json "$OUT/small-pairs-base-$r.json"
  part 60 "$F/gpusort-bench" $C --type u32,i32,f32 --dist $D --json "$OUT/small-pairs-final-$r.json"
done
part 30 "$F/gpusort-bench" $C --type f32 --dist normal --json "$OUT/small-pairs-final-normal.json"
part 60 "$F/gpusort-bench" --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 2^22 --reps 5 -q \
  --json "$OUT/radix-grid.s71-pairs-2p22.json"
part 150 "$F/tests/gsb_conformance" --gtest_filter='*radix*' --gtest_brief=1
for d in zipf uniform; do
  part 45 ncu --metrics gpu__time_duration.sum "$F/gpusort-bench" --algo radix --type u32 --values u32 --n 2^22 \
    --dist $d --warmup 0 --reps 1 --validate none -q
done
part 90 ncu --metrics gpu__time_duration.sum "$F/gpusort-bench" --algo radix --type u32 --values u32 \
  --n 1e8,2^27,2^28 --warmup 0 --reps 1 --validate none -q
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
        t.setdefault(key, {})[(form.replace("small-pairs-", ""), c["backend"])] = c["timing"]["median_ms"]
print("cases not passed:", bad)
for k, v in sorted(t.items()):
    cub = sorted(ms for (f, be), ms in v.items() if be == "cub-radix")
    if not cub:
        continue
    cm = cub[len(cub) // 2]
    cells = " ".join(f"{f}/{be}:{ms * 1e3:.1f}({cm / ms:.3f})"
                     for (f, be), ms in sorted(v.items()) if be == "radix")
    print(*k, cells, f"cub:{cm * 1e3:.1f}")
PY
