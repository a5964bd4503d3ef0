#!/usr/bin/env bash
# Session 55, round 2: round 1's striped loads lost everywhere (u32 4864 uniform 10.1-10.2 us against 9.2; the
# block sort 1-2 us slower), but its sample, which saw fewer keys at 2049, let entropy-0.811 and Zipf keys sort by
# runs there at 1.27-1.41x: the sample turns away inputs that sorting by runs handles. Here, against main (`head`):
# `v2` finds inputs of one key at the sample's barrier (nothing to write), `v3` as v2 with a sample threshold of 4
# equal digits in a warp's 32, `v4` as v2 with 5 and a mean run of 24; and main forced to sort by runs (`always`),
# what sorting by runs costs for each distribution. Alternated twice, uniform and skewed keys at 2049, 3000, 4864.
set -u
source scripts/device-round.sh
BUILDS=""
for b in head v2 v3 v4; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
H=${BUILDS#*head=}; H=${H%% *}
A=$(mktemp -d)
printf '#!/bin/sh\nGSB_RADIX_SMALL_RUNS=always exec %s/gpusort-bench "$@"\n' "$H" > "$A/gpusort-bench"
chmod +x "$A/gpusort-bench"
BUILDS="$BUILDS always=$A"
alternate 60 skew --algo radix,cub-radix --type u32,f32,u64 --values none,u32 \
  --dist uniform,all-equal,few-unique,entropy-0.811,entropy-0.544,entropy-0.201,zipf --n 2049,3000,4864 --reps 20 -q
grep -E "^=== |^rc=" "$L" | cut -c1-180
