#!/usr/bin/env bash
# Session 57, round 3 (measurements of main, 5a548b2's device code, no change): (1) skewed 8-byte pairs at 1e8, which
# the sample sends to the LSD passes (0.993-0.998x cub-radix in earlier runs), against the hybrid path with its
# buckets past a block sorted by segmented passes whatever the sample says (GSB_RADIX_LARGE_BUCKETS_BY=passes, which
# also keeps the sample from abandoning the path): `head` and `passes`, alternated twice, cub-radix in every run;
# (2) the kernels of u32 and i32 keys at 1e7 under ncu (durations).
set -u
source scripts/device-round.sh
H=$(unpack .carry/head.tar.xz)
W=$(mktemp -d)
printf '#!/bin/sh\nGSB_RADIX_LARGE_BUCKETS_BY=passes exec %s/gpusort-bench "$@"\n' "$H" > "$W/gpusort-bench"
chmod +x "$W/gpusort-bench"
BUILDS="head=$H passes=$W"
alternate 75 skew8 --algo radix,cub-radix --type u64,f64 --values u32,u64 --dist zipf,entropy-0.811,entropy-0.201 \
  --n 1e8 --reps 5 -q
alternate 30 skew4 --algo radix,cub-radix --type u32,u64 --values none,u32 --dist zipf,entropy-0.811 --n 1e8 --reps 5 -q
part 90 ncu --metrics gpu__time_duration.sum --csv --log-file "$OUT/ncu-1e7.csv" "$H/gpusort-bench" --algo radix \
  --type u32,i32 --n 1e7 --reps 2 --warmup 0 --validate none -q
grep -E "^=== |^rc=" "$L" | cut -c1-160
