#!/usr/bin/env bash
# Session 40, tenth call (about 2.5 min): two banks of look-back status rows for 8-byte keys' LSD passes (dispatch.cuh,
# stamp_launch), so that a sort of 8 passes no longer clears the rows between its 7th and 8th (round 8: u64 keys at 1e4
# 70.9 us in 2ebcb12, 76-77 since the 3-bit stamps). Correctness first: conformance of every 8-byte key type (radix and
# radix-lsd, one portion), then with portions of 5 tiles (GSB_RADIX_PORTION_N=38400: 8 launches a portion, the banks
# taken in turn and cleared again), then memcheck and racecheck over the LSD passes with portions of one tile; then the
# timing against main (e3de2e4), alternated twice.
# Carry .carry/main.tar.xz (this build, full pack) and .carry/b-e3de2e4.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
O=$(unpack .carry/b-e3de2e4.tar.xz)
F='*/radix_u64_*:*/radix_i64_*:*/radix_f64_*:*/radix_lsd_u64_*:*/radix_lsd_i64_*:*/radix_lsd_f64_*'
part 60 "$M/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=$F"
part 60 env GSB_RADIX_PORTION_N=38400 "$M/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=$F"
for tool in memcheck racecheck; do
  part 60 env GSB_RADIX_PORTION_N=1 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 compute-sanitizer --tool $tool \
    --error-exitcode 99 "$M/tests/gsb_conformance" --gtest_brief=1 \
    "--gtest_filter=*/radix_lsd_u64_none:*/radix_lsd_u64_u64:*/radix_u64_u32"
done
for round in a b; do
  for b in "new=$M" "old=$O"; do
    part 30 "${b#*=}/gpusort-bench" --algo radix,cub-radix --type u64,f64 --values none,u64 --n 1e4,1e5,1e6 --reps 30 \
      --json "$OUT/r10-${b%%=*}-$round.json" -q
  done
done
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | cut -c1-160 | tail -40
