#!/usr/bin/env bash
# Session 50, round 1 (planned in session 49, about 6 min). What session 49's hybrid
# pass shapes (round 33 of backends/radix/NOTES.md: 256 x 28 at 4 for 4-byte keys alone, 384 x 20 at 2 for 8-byte
# ones) have not yet been through:
#   1. the sm80 band through compute_80 PTX (GSB_ARCH=80): the forced hybrid path's conformance of every 4-byte type
#      with every value mode, u64 with every value mode, i64 and f64 alone, u16 (34 tests in session 48);
#   2. 4-byte keys alone at 7.5e8, 2^30 and 1.5e9 (1.535x, 1.33x and 1.31x with earlier builds; 2^30 and 1.5e9 take
#      the in-place bucket kernels of 44 and 52 rows), 3 repetitions, cub-radix in the same run.
# Prepare: CUDAARCHS=90-real bash scripts/build.sh && scripts/pack-build.sh build/release main;
#   git worktree add /tmp/sm80 HEAD && (cd /tmp/sm80 && CUDAARCHS=80-virtual bash scripts/build.sh &&
#   scripts/pack-build.sh build/release sm80) && cp /tmp/sm80/.carry/sm80.tar.xz .carry/
#   (Session 49 left .carry/sm80.tar.xz built that way from 080642d, whose device code is 6861429's: if it is still
#   there and the radix code has not changed since, it can be carried as it is.)
# Carry .carry/{main,sm80}.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
P8=$(unpack .carry/sm80.tar.xz)
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none:*/radix_u16_*'
part 60 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 "$P8/tests/gsb_conformance" --gtest_brief=1 "$F"
for n in 7.5e8 2^30 1.5e9; do
  part 100 "$M/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values none --n "$n" --reps 3 -q \
    --json "$OUT/big-keys-${n/^/p}.json"
done
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -20
grep -E "PASSED|FAILED" "$L" | head
