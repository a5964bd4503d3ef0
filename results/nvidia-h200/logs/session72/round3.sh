#!/usr/bin/env bash
# Session 72 round 3, on an H200 (issue 19). Round 2 found u32, i32 and f32 keys alone with 64 distinct keys
# (few-unique) at 2^22 at 0.31-0.33x cub-radix on an H100 (radix 442 us, cub-radix 139): their 16-bit buckets of about
# 65536 equal keys fit the 1024-thread in-place bucket kernel since session 68 (106496 keys a bucket), which gives each
# a block and each run of bits 8 .. 15 (here the whole bucket) one warp. `fix` (hybrid.cuh: capacity_at) plans with
# that kernel's capacity only where uniform keys' buckets need it (hybrid_widest_block_pays: from about 8.1e8 keys),
# so that below, such buckets take the large buckets' kernels, as they did before session 68. `land` = rounds 1-2's
# build (641f62e). Parts: (1) fix's forced checks: the 1024-thread buckets forced (conformance of 4-byte keys alone,
# and the run past 2^16 keys, validated), the forced hybrid conformance of 4-byte keys alone (buckets past 26624 keys
# there take the large buckets' kernels now); (2) memcheck, synccheck and racecheck of fix over u32 few-unique at 2^22;
# (3) land / fix in turn, twice, cub-radix in every run, every case validated: u32, i32, f32 keys alone at 2^22, 5e6,
# 6e6 and 1e7 over every distribution (10 repetitions).
# Build: CUDAARCHS=90-real scripts/build.sh; scripts/pack-build.sh build/release fix. Run: LIMIT=450 bash <this>.
set -u
source scripts/device-round.sh
A=$(unpack .carry/land.tar.xz)
X=$(unpack .carry/fix.tar.xz)
BUILDS="land=$A fix=$X"
K="--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none"
part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place "$X/tests/gsb_conformance" \
  --gtest_brief=1 "$K"
part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
  GSB_RADIX_LARGE_BUCKETS_BY=passes "$X/gpusort-bench" --algo radix --type u32,i32,f32 --n 150000 \
  --dist entropy-0.201,uniform --order asc,desc --reps 1 --warmup 0 -q --json "$OUT/long-run.json"
part 40 env GSB_RADIX_HYBRID_MIN_N=2 "$X/tests/gsb_conformance" --gtest_brief=1 "$K"
for tool in memcheck synccheck racecheck; do
  part 40 compute-sanitizer --tool $tool --error-exitcode 9 "$X/gpusort-bench" --algo radix --type u32 --n 2^22 \
    --dist few-unique,uniform --warmup 0 --reps 1 -q --json "$OUT/$tool.json"
done
D=uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
alternate 45 keys --algo cub-radix,radix --type u32,i32,f32 --n 2^22,5e6,6e6,1e7 --dist $D --reps 10 -q
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
            print("NOT PASSED", form, c["backend"], c["key_type"], c["n"], c["distribution"], c["status"])
        elif form.startswith("keys-"):
            t.setdefault((c["key_type"], c["n"], c["distribution"]), {})[(form[5:], c["backend"])] = \
                c["timing"]["median_ms"]
print("cases not passed:", bad)
for k, v in sorted(t.items()):
    cells = []
    for r in "ab":
        for b in ("land", "fix"):
            run = f"{b}-{r}"
            if (run, "radix") in v:
                ms, cub = v[(run, "radix")], v[(run, "cub-radix")]
                cells.append(f"{run}:{ms * 1e3:.1f}({cub / ms:.3f})")
    print(*k, *cells)
PY
