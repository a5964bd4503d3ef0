#!/usr/bin/env bash
# Session 61, round 1: run as planned at the end of session 60.
# Planned for session 61 (not run): (1) `runs2` (logs/session60/runs2.patch on 121ed9f): the 1024-thread MSD kernel's
# runs with fewer instructions -- 32-bit run counts (one atomic a key, no 16-bit field shifts; bucket_static_bytes
# already budgets them: ptxas sm_90 33408 B of static shared memory, 51 registers, no spills) and a warp-uniform
# break out of the held trips in place of a predicate a slot. Round 5 of session 60 put 64% of that kernel's
# instructions in its run phase (about 295 a run of 128 keys). Builds: `main` (the head) and `runs2`, packed by
# scripts/pack-build.sh. (2) Where 4-byte pairs' time goes at 1e8 (1.26-1.31x): every kernel's duration under ncu for
# radix and cub-radix, u32+u32.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
R=$(unpack .carry/runs2.tar.xz)
BUILDS="main=$M runs2=$R"
alternate 45 big --algo radix --type u32 --n 1.8e9,2^31 --reps 3 --validate none -q
part 90 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/runs2.tar.xz "$OUT/conformance"
part 40 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, .*in-place buckets.*)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh .carry/runs2.tar.xz "$OUT/sanitizer"
part 100 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
  GSB_RADIX_LARGE_BUCKETS_BY=passes GSB_RADIX_BUCKET_THREADS=1024-in-place compute-sanitizer --tool racecheck \
  --error-exitcode 99 --print-limit 20 "$R/gpusort-bench" --algo radix --type u32 --n 1000,30000 \
  --dist uniform,entropy-0.201 --order asc,desc --reps 1 --warmup 0 -q
for a in radix cub-radix; do
  part 60 ncu --metrics gpu__time_duration.sum "$M/gpusort-bench" --algo "$a" --type u32 --values u32 --n 1e8 \
    --reps 1 --warmup 0 --validate none -q
done
grep -E "^=== |^rc=|RACECHECK|  void |gpu__time_duration" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
