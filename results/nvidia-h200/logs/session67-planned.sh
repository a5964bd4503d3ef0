#!/usr/bin/env bash
# Planned in session 66 for the next session's first device call (not run: session 66's device time was spent).
# Issue 19, item 2: 4-byte keys alone past 2^31 are 1.42-1.47x cub-radix (3e9 1.42x, 4e9 1.44x, 2^32+17 1.47x), short
# of 1.5x; from about 2.3e9 their buckets pass the 1024-thread in-place block (36 rows held in registers, 36864 keys)
# and take pairs of cluster blocks, which cost about 5% more a key (3e9: 14.1 ns a key against 13.3 at 2^31).
# `reread` (logs/session66/reread.patch, compiled and host-tested in session 66, not run on a GPU): the 1024-thread
# kernel's first round reads the bucket twice from global memory (counting, then placing what it reads again from
# L2) in place of holding 36 rows in registers, so its shared memory alone bounds it: 53248 keys on Hopper (uniform
# u32 keys to about 3.4e9), 36864 on sm80; the pairs keep 36 rows a block and serve 53252-73728 keys.
# Before this script: git apply results/nvidia-h200/logs/session66/reread.patch; build; scripts/pack-build.sh
# build/release reread; and pack the head as `head` (both under .carry).
# Checks first (the forced 1024-thread part and the pairs, memcheck / synccheck / racecheck of the 1024-thread kernel
# forced), then head and reread alternated twice, u32 keys alone, cub-radix in every run: 1.8e9 and 2^31 (where the
# 1024-thread kernel holds the buckets either way: does the second read cost?), 3e9 (pairs in head, one block in
# reread), validated, 3 repetitions.
set -u
source scripts/device-round.sh
H=$(unpack .carry/head.tar.xz)
R=$(unpack .carry/reread.tar.xz)
part 150 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
  GSB_PARTS='^conformance \(radix hybrid(, 1024-thread in-place buckets|, pairs of 1024-thread blocks.*| path from n = 2)\)$' \
  bash .carry/device-run.sh .carry/reread.tar.xz "$OUT/conformance"
for tool in memcheck synccheck racecheck; do
  part 100 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 GSB_RADIX_HYBRID_MIN_N=2 \
    GSB_RADIX_BUCKET_THREADS=1024-in-place compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 \
    "$R/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_u32_none:*/radix_f32_none'
done
BUILDS="head=$H reread=$R"
for n in 1.8e9 2^31 3e9; do
  alternate 150 "u32-$(echo $n | tr -d '^')" --algo cub-radix,radix --type u32 --n "$n" --warmup 1 --reps 3 -q
done
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/u32-*.json")):
    t = {c["backend"]: (c["timing"]["median_ms"] if c.get("timing") else None, (c.get("validation") or {}).get("status"))
         for c in json.load(open(f))["cases"]}
    r, c = t.get("radix", (None,))[0], t.get("cub-radix", (None,))[0]
    print(f.split("/")[-1], t, f"ratio {c / r:.3f}" if r and c else "")
PY
