#!/usr/bin/env bash
# Superseded (session 38): branch packed-counts carries this kernel and a 52-row one; logs/session38/round1-planned.sh
# measures both.
# Round 4 (session 37, H200): the 44-row in-place bucket sort for 4-byte keys alone (64 registers, two blocks per SM)
# at 2^30 against cub-radix, then the sanitizers over the 44- and 52-row kernels forced at small n.
set -u
LIMIT=${LIMIT:-88}
source scripts/device-round.sh
NEW=$(unpack .carry/build.tar.xz)
G=$NEW/gpusort-bench
C=$NEW/tests/gsb_conformance
part 25 "$G" --algo radix,cub-radix --type u32 --n 2^30 --reps 5 --json $OUT/s37r4-u32-2p30.json
F='*/radix_u32_none:*/radix_i32_none:*/radix_f32_none'
for rows in 44 52; do
  E=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512-in-place-$rows GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000)
  for tool in memcheck synccheck; do
    part 8 "${E[@]}" compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=$F"
  done
done
for rows in 44 52; do
  part 20 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512-in-place-$rows \
    compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$G" --algo radix --type u32,f32 \
    --n 1000,3000 --dist uniform --order asc,desc --reps 1 --warmup 0 -q
done
grep -E "^=== |^rc=|SUMMARY|PASSED|FAILED|radix|cub-radix|^device" "$L" | cut -c1-200 | tail -40
