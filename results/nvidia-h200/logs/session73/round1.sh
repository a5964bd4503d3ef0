#!/usr/bin/env bash
# Session 73 round 1, on an H200 (issue 19). merge-samples launches every kernel after its tile sort as a programmatic
# dependent of the one before it (merge_samples.cuh: launch_dependent; each kernel waits for the one before it before
# it reads, and lets the next in as it starts). `pdl` = the working tree on b35e50b with that change. Parts: (1) the
# merge-samples conformance as it falls and with its large tiles and partition kernel forced (every kernel of a pass a
# dependent one from n = 2); (2) memcheck, synccheck and racecheck of merge-samples, both forced, u32 keys alone and
# with u32 values; (3) the same binary with dependent launches (GSB_DEPENDENT_LAUNCH=1) and without (=0) in turn,
# twice, cub-merge in every run, every case validated: u32 keys alone and with u32 values, u64 keys alone, n = 4864
# to 1e8.
# Build: CUDAARCHS=90-real cmake --preset release && cmake --build build/release; scripts/pack-build.sh build/release
# pdl. Run: LIMIT=540 bash <this>.
set -u
source scripts/device-round.sh
X=$(unpack .carry/pdl.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 90 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 90 env GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_PRESPLIT=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck racecheck; do
  n=2,1000,70000,300000
  [ $tool = racecheck ] && n=2,70000
  part 50 env GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_PRESPLIT=1 compute-sanitizer --tool $tool --error-exitcode 9 \
    "$X/gpusort-bench" --algo merge-samples --type u32 --values none,u32 --n $n --warmup 0 --reps 1 -q \
    --json "$OUT/$tool.json"
done
for r in a b; do
  for pdl in 1 0; do
    part 60 env GSB_DEPENDENT_LAUNCH=$pdl "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32 \
      --values none,u32 --n 4864,1e4,2^16,2^18,2^20,2^22,2^24,1e8 --reps 10 -q --json "$OUT/t32-pdl$pdl-$r.json"
    part 40 env GSB_DEPENDENT_LAUNCH=$pdl "$X/gpusort-bench" --algo merge-samples,cub-merge --type u64 \
      --n 4864,1e4,2^16,2^20,2^24,1e8 --reps 10 -q --json "$OUT/t64-pdl$pdl-$r.json"
  done
done
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|failed|mismatch" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
t, bad = {}, 0
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    form = f.split("/")[-1][:-len(".json")]
    for c in json.load(open(f))["cases"]:
        ok = c["status"] == "ok" and (c.get("validation") or {}).get("status") == "passed"
        bad += not ok
        if not ok:
            print("NOT PASSED", form, c["backend"], c["key_type"], c["values"], c["n"], c["status"])
        elif form.startswith("t"):
            run = form.split("-", 1)[1]
            t.setdefault((c["key_type"], c["values"], c["n"]), {})[(run, c["backend"])] = c["timing"]["median_ms"]
print("cases not passed:", bad)
for k, v in sorted(t.items()):
    cells = []
    for r in "ab":
        for p in ("pdl1", "pdl0"):
            run = f"{p}-{r}"
            if (run, "merge-samples") in v:
                ms, cub = v[(run, "merge-samples")], v[(run, "cub-merge")]
                cells.append(f"{run}:{ms * 1e3:.1f}/{cub * 1e3:.1f}({cub / ms:.3f})")
    print(*k, *cells)
PY
