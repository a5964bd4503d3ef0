#!/usr/bin/env bash
# Session 73 round 3, on an H200 (issue 19): the landed build of merge-samples' dependent launches (`land` = ba26801,
# round 2's form 2: the rank and partition kernels let the next kernel in as they start, the tile sort and the merge
# kernel as they end). Parts: (1) the merge-samples conformance as it falls, with its large tiles, its partition
# kernel, and both forced; (2) memcheck, synccheck and racecheck with both forced, memcheck as it falls at 4864 to 2^22;
# (3) the committed merge files again with this build (results/nvidia-h200/merge.json, merge-small-n.json,
# merge-mid.json, merge-types-1e8.json: the same commands as their f471d19 runs of 2026-11-28).
# Build: CUDAARCHS=90-real cmake --preset release && cmake --build build/release; scripts/pack-build.sh build/release
# land. Run: LIMIT=540 bash <this>.
set -u
source scripts/device-round.sh
X=$(unpack .carry/land.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 40 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_MERGE_SAMPLES_LARGE=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_MERGE_SAMPLES_PRESPLIT=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_PRESPLIT=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck racecheck; do
  n=2,1000,70000,300000
  [ $tool = racecheck ] && n=2,70000
  part 50 env GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_PRESPLIT=1 compute-sanitizer --tool $tool --error-exitcode 9 \
    "$X/gpusort-bench" --algo merge-samples --type u32,u64 --values none,u32 --n $n --warmup 0 --reps 1 -q \
    --json "$OUT/$tool.json"
done
part 60 compute-sanitizer --tool memcheck --error-exitcode 9 "$X/gpusort-bench" --algo merge-samples --type u32 \
  --values none,u32 --n 4864,2^20,2^22 --warmup 0 --reps 1 -q --json "$OUT/memcheck-falls.json"
mkdir -p "$OUT/json"
part 120 "$X/gpusort-bench" --reps 5 --warmup 2 --json "$OUT/json/merge.json" --algo \
  merge-recursive,merge-cdp,merge-iterative,merge-samples,cub-merge,thrust --type u32 --values none,u32 \
  --n 2^20,2^24,1e8 --dist uniform,entropy-0.201
part 60 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8,f32 --values none,u32,u64 \
  --n 1,100,1e3,4864,1e4,2^16,2^18,2^20,2^21,2^22 --reps 20 --warmup 3 --json "$OUT/json/merge-small-n.json" -q
part 60 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^23,2^24,2^25,2^26 \
  --reps 10 --json "$OUT/json/merge-mid.json" -q
part 120 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --n 1e8 --reps 5 --json "$OUT/json/merge-types-1e8.json" -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|failed|mismatch" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
bad = 0
for f in sorted(glob.glob(f"{sys.argv[1]}/**/*.json", recursive=True)):
    t = {}
    for c in json.load(open(f))["cases"]:
        ok = c["status"] == "ok" and (c.get("validation") or {}).get("status") == "passed"
        if c["status"] == "skipped":
            continue
        bad += not ok
        if not ok:
            print("NOT PASSED", f, c["backend"], c["key_type"], c["values"], c["n"], c["status"])
        else:
            t.setdefault((c["key_type"], c["values"], c["n"], c["distribution"]), {})[c["backend"]] = \
                c["timing"]["median_ms"]
    if "/json/" in f:
        print(f.split("/")[-1])
        for k, v in sorted(t.items()):
            if "merge-samples" in v and "cub-merge" in v:
                print(" ", *k, f"{v['merge-samples'] * 1e3:.1f} us", f"{v['cub-merge'] / v['merge-samples']:.3f}x")
print("cases not passed:", bad)
PY
