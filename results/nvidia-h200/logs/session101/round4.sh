#!/usr/bin/env bash
# Session 101, round 4 (issue 19): round 3 gave zipf u32+u32 at 8e8 0.986x cub-radix with the landed build; main
# (land) against it on that input and entropy-0.544, --validate none, once each, for the device time left.
set -u
LIMIT=${LIMIT:-100}
. scripts/device-round.sh
LB=$(unpack .carry/land.tar.xz)
W=$(unpack .carry/w768c.tar.xz)
BUILDS="land=$LB w768c=$W"
for b in $BUILDS; do
  part 45 "${b#*=}/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 --n 8e8 --dist zipf,entropy-0.544 \
    --reps 3 --warmup 1 --validate none -q --json "$OUT/skew-${b%%=*}.json"
done
summary radix cub-radix
