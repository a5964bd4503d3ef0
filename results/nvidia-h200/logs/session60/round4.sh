#!/usr/bin/env bash
# Session 60, round 4: `land` (2ccea1e: round 3's msd4, comments only since) and `wuni` (land + the warp bucket
# kernel's loops and load in whole-warp rows, warp_rows: the same per-lane loops as msd2's, whose lanes took different
# numbers of rows where a bucket's size is not a multiple of 32) alternated twice, radix alone, 10 repetitions, at
# the warp kernel's sizes (1e7, 2^24; u32, i32 and u64 keys, alone and with u32 values). The faster overall then takes
# the checks: the hybrid conformance parts, memcheck and synccheck of the forced hybrid path and its in-place shapes,
# racecheck of the 1024-thread kernel (its part: 1000 and 30000 keys, uniform and entropy-0.201, both orders) and of
# the forced hybrid path's warp buckets (u32 keys alone and with u32 values, 1000 and 5000 keys). Then the tree's
# device code built as compute_80 PTX (`sm80`, 80-virtual, land + wuni) run with the sm80 band's policy (GSB_ARCH=80):
# the forced hybrid path's conformance and the 1024-thread buckets forced.
set -u
source scripts/device-round.sh
A=$(unpack .carry/land.tar.xz)
B=$(unpack .carry/wuni.tar.xz)
P8=$(unpack .carry/sm80.tar.xz)
BUILDS="land=$A wuni=$B"
alternate 40 warp --algo radix --type u32,i32,u64 --values none,u32 --n 1e7,2^24 --reps 10 --validate none -q
W=$(python3 - "$OUT" <<'PY'
import json, sys
t = {}
for b in ("land", "wuni"):
    s = 0
    for r in "ab":
        d = json.load(open(f"{sys.argv[1]}/warp-{b}-{r}.json"))
        s += sum(c["timing"]["median_ms"] for c in d["cases"] if c.get("timing"))
    t[b] = s
print(min(t, key=t.get))
PY
)
echo "=== faster: $W" | tee -a "$L"
WB=$A; [ "$W" = wuni ] && WB=$B
part 90 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh ".carry/$W.tar.xz" "$OUT/conformance"
part 40 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, .*in-place buckets.*)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh ".carry/$W.tar.xz" "$OUT/sanitizer"
part 100 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
  GSB_RADIX_LARGE_BUCKETS_BY=passes GSB_RADIX_BUCKET_THREADS=1024-in-place compute-sanitizer --tool racecheck \
  --error-exitcode 99 --print-limit 20 "$WB/gpusort-bench" --algo radix --type u32 --n 1000,30000 \
  --dist uniform,entropy-0.201 --order asc,desc --reps 1 --warmup 0 -q
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 compute-sanitizer --tool racecheck --error-exitcode 99 \
  --print-limit 20 "$WB/gpusort-bench" --algo radix --type u32 --values none,u32 --n 1000,5000 --reps 1 --warmup 0 -q
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none:*/radix_u16_*'
part 90 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 "$P8/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place "$P8/tests/gsb_conformance" \
  --gtest_brief=1 '--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none'
grep -E "^=== |^rc=|RACECHECK|ERROR|PASSED|FAILED" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
for f in "$OUT"/warp-*.json; do
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(sys.argv[1].split('/')[-1], [(c['key_type'], c['values'], c['n'], round(c['timing']['median_ms'] * 1000, 1)) for c in d['cases'] if c.get('timing')])" "$f"
done
