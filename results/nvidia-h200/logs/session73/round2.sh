#!/usr/bin/env bash
# Session 73 round 2, on an H200 (issue 19). Round 1: merge-samples' dependent launches gain at small n (u32 keys at
# 4864 19.6 -> 17.1 us) and a little at 1e8 (4.47 -> 4.43 ms), but u32+u32 lost at 2^20 (106.0 -> 109.2 us) and 1e8
# (8.09 -> 8.15 ms). Where each kernel lets the next in: `allow` = round 1's tree + allow.patch (an experiment
# variable, GSB_EXP_ALLOW, in no landed code): 0 the tile sort and the merge kernel let the next kernel in as they
# start (round 1), 1 after their loads, 2 never (at their end); the rank and partition kernels as they start in all
# three. Parts: (1) conformance of merge-samples with large tiles and partition kernel forced, for 1 and 2, and
# memcheck, synccheck, racecheck of 1; (2) GSB_DEPENDENT_LAUNCH=0 and GSB_EXP_ALLOW=0, 1, 2 in turn, twice, cub-merge
# in every run, every case validated: u32 and u64 keys alone and with u32 values, 4864 to 1e8.
# Build: as round 1, with allow.patch; scripts/pack-build.sh build/release allow. Run: LIMIT=400 bash <this>.
set -u
source scripts/device-round.sh
X=$(unpack .carry/allow.tar.xz)
F="--gtest_filter=*/merge_samples_*"
for a in 1 2; do
  part 40 env GSB_EXP_ALLOW=$a GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_PRESPLIT=1 "$X/tests/gsb_conformance" \
    --gtest_brief=1 "$F"
done
for tool in memcheck synccheck racecheck; do
  n=2,1000,70000,300000
  [ $tool = racecheck ] && n=2,70000
  part 50 env GSB_EXP_ALLOW=1 GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_PRESPLIT=1 compute-sanitizer --tool $tool \
    --error-exitcode 9 "$X/gpusort-bench" --algo merge-samples --type u32 --values none,u32 --n $n --warmup 0 \
    --reps 1 -q --json "$OUT/$tool.json"
done
for r in a b; do
  for v in off 0 1 2; do
    e="GSB_EXP_ALLOW=$v"
    [ $v = off ] && e="GSB_DEPENDENT_LAUNCH=0"
    part 40 env $e "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64 --values none,u32 \
      --n 4864,2^16,2^20,2^24,1e8 --reps 10 -q --json "$OUT/t-$v-$r.json"
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
        elif form.startswith("t-"):
            run = form[2:]
            t.setdefault((c["key_type"], c["values"], c["n"]), {})[(run, c["backend"])] = c["timing"]["median_ms"]
print("cases not passed:", bad)
for k, v in sorted(t.items()):
    cells = []
    for r in "ab":
        for p in ("off", "0", "1", "2"):
            run = f"{p}-{r}"
            if (run, "merge-samples") in v:
                ms, cub = v[(run, "merge-samples")], v[(run, "cub-merge")]
                cells.append(f"{run}:{ms * 1e3:.1f}({cub / ms:.3f})")
    print(*k, *cells)
PY
