#!/usr/bin/env bash
# Session 60, round 3: round 2's msd3 (the 1024-thread in-place kernel's runs in whole-warp trips) gained about 1% at
# 1.8e9 and 2^31 (msd3all lost at 1.2e9 and 1.5e9: the 44- and 52-row kernels keep their LSD rounds). `msd4` (the
# head + logs/session60/msd4.patch): msd3 whose runs of up to 6 trips are placed back into shared memory and then
# stored by the warp in order (coalesced), where msd3 stored each key to its place in global memory. main / msd3 /
# msd4 alternated twice (radix alone, u32 keys, 3 repetitions, unvalidated); the faster of msd3 and msd4 then takes the
# checks: the hybrid conformance parts, memcheck and synccheck of the in-place shapes, racecheck of the 1024-thread
# kernel on one sort (30000 entropy-0.201 keys: most in one bucket); then validated runs of u32, i32 and f32 keys
# alone at 1.8e9 and 2^31 against cub-radix (3 repetitions).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
D3=$(unpack .carry/msd3.tar.xz)
D4=$(unpack .carry/msd4.tar.xz)
BUILDS="main=$M msd3=$D3 msd4=$D4"
alternate 40 big --algo radix --type u32 --n 1.8e9,2^31 --reps 3 --validate none -q
W=$(python3 - "$OUT" <<'PY'
import json, sys
t = {}
for b in ("msd3", "msd4"):
    s = 0
    for r in "ab":
        d = json.load(open(f"{sys.argv[1]}/big-{b}-{r}.json"))
        s += sum(c["timing"]["median_ms"] for c in d["cases"] if c.get("timing"))
    t[b] = s
print(min(t, key=t.get))
PY
)
echo "=== winner: $W" | tee -a "$L"
WB=$D3; [ "$W" = msd4 ] && WB=$D4
part 90 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh ".carry/$W.tar.xz" "$OUT/conformance"
part 40 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, .*in-place buckets.*)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh ".carry/$W.tar.xz" "$OUT/sanitizer"
part 100 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
  GSB_RADIX_LARGE_BUCKETS_BY=passes GSB_RADIX_BUCKET_THREADS=1024-in-place compute-sanitizer --tool racecheck \
  --error-exitcode 99 --print-limit 20 "$WB/gpusort-bench" --algo radix --type u32 --n 30000 --dist entropy-0.201 \
  --order asc --reps 1 --warmup 0 -q
part 130 "$WB/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --n 1.8e9,2^31 --reps 3 -q \
  --json "$OUT/radix-grid.s60-past-1.68e9.json"
grep -E "^=== |^rc=|RACECHECK|ERROR" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
for f in "$OUT"/big-*.json "$OUT"/radix-grid.*.json; do
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(sys.argv[1].split('/')[-1], [(c['backend'], c['key_type'], c['n'], round(c['timing']['median_ms'], 3), (c.get('validation') or {}).get('status')) for c in d['cases'] if c.get('timing')])" "$f"
done
