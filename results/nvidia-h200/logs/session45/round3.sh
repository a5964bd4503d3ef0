#!/usr/bin/env bash
# Session 45, round 3 (about 6 min): rounds 1-2's knock-outs put the look-back at 95-170 us of a 590 us digit pass
# (ncu, u32 keys at 1e8), all of it after the ranking. sN = the look-back as a walk (LookBack in pass.cuh) begun
# right after the tile publishes its counts and stepped one L2 round trip every N ranked keys (the rest after the
# ranking, as before), GSB_LOOK_BACK_STEP=N; built from main + that change in build/release, packed as round1.sh
# says. Against main, alternated twice, cub-radix in every run.
set -u
source scripts/device-round.sh
BUILDS=""
for x in main s2 s4 s10; do BUILDS+=" $x=$(unpack .carry/$x.tar.xz)"; done
big=(--algo radix,radix-lsd,cub-radix --type u32,u64 --values none,u32 --n 1e8 --dist uniform,entropy-0.201
  --reps 8 -q)
mid=(--algo radix,cub-radix --type u32 --values none,u32 --n 2^22,2^24 --reps 8 -q)
alternate 60 big "${big[@]}"
alternate 25 mid "${mid[@]}"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -30
