#!/usr/bin/env bash
# Session 51, round 6: paired warps (`pair`, a286d23: where warps take the bucket sort's first launch, its own blocks
# of paired warps also sort the listed buckets of the second launch's class) against `main` (9a4b8b7). Checks of the
# pair build first (the parts test with a paired launch, every radix conformance part, memcheck, synccheck and
# racecheck of the forced hybrid path), then alternated timings, cub-radix in each run.
set -u
source scripts/device-round.sh
P=$(unpack .carry/pair.tar.xz)
M=$(unpack .carry/main.tar.xz)
part 60 "$P/tests/radix/gsb_radix_parts_tests"
GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix' part 120 bash .carry/device-run.sh \
  .carry/pair.tar.xz "$OUT/conformance"
GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix hybrid|^compute-sanitizer racecheck \(radix hybrid\)' \
  part 200 bash .carry/device-run.sh .carry/pair.tar.xz "$OUT/sanitizer"
BUILDS="main=$M pair=$P"
alternate 40 keys --algo radix,cub-radix --type u32,f32 --n 2^22,1e7,2^24 --reps 10 -q
alternate 40 more --algo radix,cub-radix --type f32,f64 --values none,u32,u64 --n 1e7,2^24 --reps 10 -q
alternate 30 skewed --algo radix,cub-radix --type u32,f32 --dist zipf,entropy-0.811 --n 1e7 --reps 10 -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | cut -c1-160
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT"/conformance/device.log "$OUT"/sanitizer/device.log 2>/dev/null | sort | uniq -c
