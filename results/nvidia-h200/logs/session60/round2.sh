#!/usr/bin/env bash
# Session 60, round 2: round 1's SASS showed why msd2 (the 1024-thread in-place kernel in two MSD counting-sort rounds)
# lost at 1.8e9: each lane looped over its own keys of a run, unrolled by 4, so in runs of 97-128 keys some lanes took 3
# trips and others 4; the warp ran the remainder loop and the unrolled one one after the other, and arrived diverged at
# the scan, which took its collective path (13.8 of 16.8 million runs). `msd3`: every loop of a run takes the run's
# trips of 32 as the whole warp (lanes past the end idle), runs of up to 6 trips keep their keys in registers between
# counting and placing. `msd3all`: the same in every in-place kernel of 4-byte keys alone (44 and 52 rows, 512
# threads: 1.2e9 and 1.5e9). Checks with msd3all (it holds msd3's kernel): the hybrid conformance parts, memcheck and
# synccheck of the in-place shapes. Then radix alone, u32 keys, 3 repetitions, unvalidated, main / msd3 / msd3all
# alternated twice; then validated runs of msd3all against cub-radix.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
D=$(unpack .carry/msd3.tar.xz)
A=$(unpack .carry/msd3all.tar.xz)
part 90 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/msd3all.tar.xz "$OUT/conformance"
part 40 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, .*in-place buckets.*)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh .carry/msd3all.tar.xz "$OUT/sanitizer"
BUILDS="main=$M msd3=$D msd3all=$A"
alternate 45 big --algo radix --type u32 --n 1.2e9,1.5e9,1.8e9,2^31 --reps 3 --validate none -q
part 90 "$A/gpusort-bench" --algo radix,cub-radix --type u32 --n 1.5e9,1.8e9,2^31 --reps 3 -q \
  --json "$OUT/validated-msd3all.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
for f in "$OUT"/big-*.json "$OUT"/validated-*.json; do
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(sys.argv[1].split('/')[-1], [(c['backend'], c['n'], round(c['timing']['median_ms'], 3), c.get('validation')) for c in d['cases'] if c.get('timing')])" "$f"
done
