#!/usr/bin/env bash
# Planned (session 37 had no device time left; its A/B loop is device-round.sh's alternate since session 38): the
# look-back's 28-bit counts (branch status-28bit-portions, 49f43f2: portions of up to 2^28 - 1 keys as CUB's, 17 a
# pass at 2^32+17 instead of 33) against main, alternated in one call, cub-radix in every run; then the portion
# chaining under the sanitizers. Carry both builds:
#   git worktree add ../wt-s28 status-28bit-portions && (cd ../wt-s28 && CUDAARCHS=90-real scripts/build.sh)
#   scripts/pack-build.sh build/release main && scripts/pack-build.sh ../wt-s28/build/release s28
set -u
source scripts/device-round.sh
A=$(unpack .carry/main.tar.xz)
B=$(unpack .carry/s28.tar.xz)
BUILDS="main=$A s28=$B"
alternate 120 s37r5-xl --algo radix,cub-radix --type u32 --n 2^32+17 --reps 5 -q
alternate 60 s37r5-big --algo radix,radix-lsd,cub-radix --type u32,u64 --n 2^28,1e9 --reps 5 -q
E=(env GSB_RADIX_PORTION_N=38400 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=200000)
part 60 "${E[@]}" "$B/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_*:*/radix_lsd_*'
for tool in memcheck racecheck synccheck; do
  part 30 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$B/tests/radix/gsb_radix_parts_tests"
done
grep -E "^=== |^rc=|SUMMARY|PASSED|FAILED" "$L" | cut -c1-200 | tail -40
