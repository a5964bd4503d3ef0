#!/usr/bin/env bash
# Session 52, round 3: the 16-bit histogram's flush a word a thread in rounds of the block again (as round 1), summing
# every block of the cluster: `r2` (clusters of two, 17573d3) and `r4` (the same with clusters of four), against
# `main` (6ca9da7's device code) and `c4` (round 2's whole buckets a warp, clusters of four). ncu durations of the
# histogram first (u32 keys at 2^22, 1e7, 2^24; u16 at 1e7), then checks of r2 and r4 (radix conformance of the forced
# hybrid path and the counting sort; memcheck, synccheck and racecheck of both with r4), then alternated timings,
# cub-radix in each run.
set -u
source scripts/device-round.sh
R2=$(unpack .carry/r2.tar.xz)
R4=$(unpack .carry/r4.tar.xz)
C4=$(unpack .carry/c4.tar.xz)
M=$(unpack .carry/main.tar.xz)
BUILDS="main=$M r2=$R2 r4=$R4 c4=$C4"
for b in $BUILDS; do
  part 40 bash -c "for t in 'u32 4194304' 'u32 1e7' 'u32 16777216' 'u16 1e7'; do set -- \$t; echo \"--- ${b%%=*} \$1 \$2\";
    ncu --clock-control none -k regex:top16 --metrics gpu__time_duration.sum --csv --print-units base \
      ${b#*=}/gpusort-bench --algo radix --type \$1 --n \$2 --reps 1 --warmup 0 --validate none -q | grep top16; done"
done
for v in r2 r4; do
  GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix (hybrid path from|counting)' part 40 \
    bash .carry/device-run.sh ".carry/$v.tar.xz" "$OUT/conformance-$v"
done
GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck|racecheck) \(radix (hybrid|counting)\)' \
  part 180 bash .carry/device-run.sh .carry/r4.tar.xz "$OUT/sanitizer-r4"
alternate 30 keys --algo radix,cub-radix --type u32,i32,f32 --n 2^22,6e6,1e7,2^24 --reps 10 -q
alternate 25 pairs --algo radix,cub-radix --type u32,u64 --values u32,u64 --n 6e6,1e7 --reps 10 -q
alternate 20 wide --algo radix,cub-radix --type u64,u16,u32 --n 2^21,1e7,1e8 --reps 10 -q
grep -E "^=== |^rc=|^--- |top16|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | cut -c1-200 | grep -v "^=== /tmp"
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT"/conformance*/device.log "$OUT"/sanitizer*/device.log 2>/dev/null | sort | uniq -c
