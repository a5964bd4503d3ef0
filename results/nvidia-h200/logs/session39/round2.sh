#!/usr/bin/env bash
# Session 39, round 2 (session 37's planned round 5, which it replaces, cut to one call beside round 1): the look-back's
# 28-bit counts (branch status-28bit-portions, 78552f0: portions of up to 2^28 - 1 keys, as CUB's) against the main it
# branched from (50bcb63), alternated, cub-radix in every run; the portion chaining under the conformance suite and the
# sanitizers. Carry .carry/{main-tool,s28}.tar.xz:
#   git worktree add ../wt-s28 status-28bit-portions && (cd ../wt-s28 && CUDAARCHS=90-real scripts/build.sh)
#   scripts/pack-build.sh build/release main && scripts/pack-build.sh ../wt-s28/build/release s28
# and main-tool holding only gpusort-bench and libgsb.so, to fit the 64 MiB (tar -xJf main.tar.xz gpusort-bench
# libgsb.so, packed again).
set -u
source scripts/device-round.sh
A=$(unpack .carry/main-tool.tar.xz)
B=$(unpack .carry/s28.tar.xz)
BUILDS="main=$A s28=$B"
alternate 75 r2-xl --algo radix,cub-radix --type u32 --n 2^32+17 --reps 5 -q
alternate 40 r2-1e9 --algo radix,cub-radix --type u32,u64 --n 1e9 --reps 5 -q
E=(env GSB_RADIX_PORTION_N=38400 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=200000)
part 60 "${E[@]}" "$B/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_*:*/radix_lsd_*'
for tool in memcheck racecheck synccheck; do
  part 30 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$B/tests/radix/gsb_radix_parts_tests"
done
grep -E "^=== |^rc=|SUMMARY|PASSED|FAILED" "$L" | cut -c1-200 | tail -40
