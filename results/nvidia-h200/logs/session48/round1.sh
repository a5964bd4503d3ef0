#!/usr/bin/env bash
# Session 48, first call (planned in session 47; in session 48 the sm80 PTX parts moved to the second call, whose build
# was not ready, and an ncu part added). Session 47's landed code (083f110: the hybrid path's
# MSD passes of keys alone ranked by the counting atomics' places unless the skew sample finds rows of few digits,
# NOTES.md round 31) is round 5's device code line for line, but 083f110 itself has not run on a device, nor has the
# parts test of the sample's marks (SampleMarksRowsOfFewDigits). This call: (1) every radix part of device-run.sh
# (the parts test, the hybrid path forced in every shape, the sanitizers; cut at 5 min); (2) the hybrid path's forced
# conformance through compute_80 PTX on the sm80 band (the places kernels have run natively only); (3) 4-byte keys alone at 2^29, 7.5e8, 1e9 (not measured with places; 1.39-1.51x
# before), the inputs the sample sends to the stable passes at 1e8, and u32/u64 keys at 1e8 through the sm80 band.
# Prepare: CUDAARCHS=90-real bash scripts/build.sh; scripts/pack-build.sh build/release main;
#   git worktree add /tmp/sm80 HEAD && (cd /tmp/sm80 && CUDAARCHS=80-virtual bash scripts/build.sh &&
#   scripts/pack-build.sh build/release sm80) && cp /tmp/sm80/.carry/sm80.tar.xz .carry/ (scripts/build.sh always
#   builds build/release; a full build on 2 cores takes a while: start it first).
# Move results/ out of the tree for the call if the carry and the tree pass 64 MiB, then put it back.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
# Every radix part of the project's GPU checks (scripts/device-run.sh: the pass parts, the hybrid path forced from
# n = 2 in every bucket shape and fallback, the counting sort, and their compute-sanitizer parts).
part 300 env GSB_SKIP_BENCH=1 GSB_PARTS='radix' bash scripts/device-run.sh "$M" "$OUT/checks"
part 100 "$M/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values none --n 2^29,7.5e8,1e9 --reps 5 -q \
  --json "$OUT/big-keys.json"
part 40 "$M/gpusort-bench" --algo radix,cub-radix --type u32,u64 --values none --n 1e8 \
  --dist uniform,sorted,nearly-sorted,few-unique --reps 5 -q --json "$OUT/dist-keys.json"
# Where the path's time goes now at 1e7 and 2^24 (u32 keys, the path by default there; ncu's durations at base clocks).
for n in 1e7 2^24; do
  part 25 ncu --metrics gpu__time_duration.sum --csv --print-units base "$M/gpusort-bench" --algo radix --type u32 \
    --n "$n" --reps 1 --warmup 0 --validate none -q
done
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -30
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -10
grep -E "^=== |PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/checks/device.log" | tail -60
