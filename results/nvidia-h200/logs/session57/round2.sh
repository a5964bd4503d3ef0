#!/usr/bin/env bash
# Session 57, round 2: round 1's `early` lost 3-14 us from 2^24 on (u32+u32 and u64+u32 at 2e7 most) while gaining 2-3
# us at 2^22. Its signal was a membar.gl (__threadfence) and an atomic per tile; `rel` signals with one release
# reduction instead (red.release.gpu). Alternated twice against main (`head`, 5a548b2's device code) and `early`,
# cub-radix in every run.
set -u
source scripts/device-round.sh
BUILDS=""
for b in head early rel; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
R=${BUILDS#*rel=}; R=${R%% *}
part 20 "$R/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
alternate 40 mid --algo radix,cub-radix --type u32,i32 --n 2^22,1e7,2^24 --reps 10 -q
alternate 40 more --algo radix,cub-radix --type u32,u64 --values none,u32 --n 1e7,2e7 --reps 10 -q
alternate 40 big --algo radix,cub-radix --type u32 --values none,u32 --n 1e8 --reps 10 -q
grep -E "^=== |^rc=" "$L" | cut -c1-160
