#!/usr/bin/env bash
# Session 58, round 2: the warp bucket sort's ranking by runs (4-byte keys alone, buckets of up to 320 keys) reads each
# digit's run from one 16-bit field that the scan writes (start, length), where it read two packed starts and took a
# branch for digit 0 (ncu, session 57 round 4: about 22 instructions a row of 32 keys). From a bucket size on, keys are
# also held as key << 9 | place, ranked by one comparison a key of their run instead of three (session 57's `runs`
# paid from about 150 keys and cost below). Builds: `main` (210e4a8's device code), `fa` (the fields, never places),
# `b160` (places from 160 keys), `b0` (places always); alternated twice, cub-radix in every run. Conformance of the
# hybrid parts with `b0` (every bucket by places) and `fa` (none).
set -u
source scripts/device-round.sh
BUILDS=""
for b in segsh fa b160 b0; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 40 keys --algo radix,cub-radix --type u32,i32 --n 2^22,6e6,1e7,2^24,2e7 --reps 10 -q
alternate 30 sorted --algo radix,cub-radix --type u32 --dist sorted,zipf --n 2^22,1e7 --reps 10 -q
for b in b0 fa; do
  part 100 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
    bash .carry/device-run.sh .carry/$b.tar.xz "$OUT/conformance-$b"
done
grep -E "^=== |^rc=" "$L" | cut -c1-160
for b in b0 fa; do echo "$b:"; grep -hE "PASSED|FAILED" "$OUT"/conformance-$b/device.log | sort | uniq -c; done
