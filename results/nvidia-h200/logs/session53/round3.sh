#!/usr/bin/env bash
# Session 53, round 3: two small changes to the hybrid path, alone and together, against `beside` (round 1's build):
# `letin`, the second MSD pass lets the kernel after it (the bucket sort's first launch) be scheduled once all of its
# blocks have begun; `clear`, a kernel zeroes what the memset before the sample zeroed, and the sample follows it as
# its programmatic dependent; `both`. Every radix conformance part of `both` first; then alternated timings,
# cub-radix in each run (builds of the working tree: their version line names the commit before the change).
set -u
source scripts/device-round.sh
B=$(unpack .carry/beside.tar.xz)
A=$(unpack .carry/letin.tar.xz)
C=$(unpack .carry/clear.tar.xz)
D=$(unpack .carry/both.tar.xz)
GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix' part 130 bash .carry/device-run.sh \
  .carry/both.tar.xz "$OUT/conformance"
BUILDS="beside=$B letin=$A clear=$C both=$D"
alternate 30 keys --algo radix,cub-radix --type u32,i32,f32 --n 2^22,6e6,1e7,2^24 --reps 10 -q
alternate 25 pairs --algo radix,cub-radix --type u32,u64 --values u32,u64 --n 6e6,1e7 --reps 10 -q
alternate 20 wide --algo radix,cub-radix --type u32,u64 --n 1e8 --reps 10 -q
alternate 20 skew --algo radix,cub-radix --type u32 --dist zipf,entropy-0.201,sorted --n 2^22,1e7 --reps 10 -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | cut -c1-160
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT"/conformance*/device.log 2>/dev/null | sort | uniq -c
