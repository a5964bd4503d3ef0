#!/usr/bin/env bash
# Session 39, round 2 (session 37's round5-planned.sh, cut to one call beside round 1): the look-back's 28-bit
# counts (branch status-28bit-portions, 78552f0: portions of up to 2^28 - 1 keys, as CUB's) against the main it
# branched from (50bcb63), alternated, cub-radix in every run; the portion chaining under the conformance suite and
# the sanitizers; then main with the packed-count kernels (da1e9f1, the code of the carried packed build de2fee9) at
# the 4-byte types and the pairs round 1 did not reach. Carry .carry/{main,s28,packed}.tar.xz, packed as
# round1.sh and session37/round5-planned.sh say (the -tool ones hold only gpusort-bench and libgsb.so, to fit the
# 64 MiB: tar -xJf main.tar.xz gpusort-bench libgsb.so, packed again).
set -u
source scripts/device-round.sh
A=$(unpack .carry/main-tool.tar.xz)
B=$(unpack .carry/s28.tar.xz)
P=$(unpack .carry/packed-tool.tar.xz)
BUILDS="main=$A s28=$B"
alternate 75 r2-xl --algo radix,cub-radix --type u32 --n 2^32+17 --reps 5 -q
alternate 40 r2-1e9 --algo radix,cub-radix --type u32,u64 --n 1e9 --reps 5 -q
E=(env GSB_RADIX_PORTION_N=38400 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=200000)
part 60 "${E[@]}" "$B/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_*:*/radix_lsd_*'
for tool in memcheck racecheck synccheck; do
  part 30 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$B/tests/radix/gsb_radix_parts_tests"
done
part 80 "$P/gpusort-bench" --algo radix,cub-radix --type i32,f32 --n 2^30,1.5e9 --reps 5 --json "$OUT/r2-packed-i32-f32.json" -q
part 60 "$P/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 --n 2^30,1.5e9 --reps 5 --json "$OUT/r2-packed-kv.json" -q
grep -E "^=== |^rc=|SUMMARY|PASSED|FAILED" "$L" | cut -c1-200 | tail -40
