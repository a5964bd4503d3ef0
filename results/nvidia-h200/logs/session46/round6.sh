#!/usr/bin/env bash
# Session 46, round 6 (about 4 min). The bucket sort's loads and stores alone took 283 of its 645 us (round 2, ko3).
# In the 128-thread kernel of 4-byte keys alone (u32 keys at 1e8: about 12 keys a thread) the load took two round trips
# to memory, 8 keys and then the rest. This build (`unroll16`, unroll16.patch) issues up to 16 a thread at once,
# __launch_bounds__ holding the kernel to 32 registers (16 blocks an SM, as before; ptxas 13.0: no spills). Checks
# (conformance of the hybrid path with 128-thread buckets forced from n = 2; compute-sanitizer over them), ncu of the
# bucket sort, main (`fa16e50`, packed from `fb312bc`: the same device code) / unroll16 alternated twice with
# cub-radix in every run, and the grid's 4-byte keys-alone rows from unroll16 (read only if it is the one landed).
# Carry .carry/{main,unroll16}.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
U=$(unpack .carry/unroll16.tar.xz)
part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=128 "$U/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*'
for tool in memcheck synccheck; do
  part 40 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
    GSB_RADIX_BUCKET_THREADS=128 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 \
    "$U/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none'
done
part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=1200 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
  GSB_RADIX_BUCKET_THREADS=128 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 \
  "$U/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_u32_none'
part 40 ncu --kernel-name regex:bucket_sort_kernel --launch-count 1 --section SpeedOfLight --section Occupancy \
  --section LaunchStats "$U/gpusort-bench" --algo radix --type u32 --n 1e8 --reps 1 --warmup 0 -q
BUILDS="main=$M unroll16=$U"
alternate 50 cells --algo radix,cub-radix --type u32,i32,f32 --values none --n 1e8,2^27 --reps 5 -q
part 110 "$U/gpusort-bench" --reps 10 --warmup 2 --algo radix,cub-radix --type u32,i32,f32 --values none \
  --n 1e8,2^27,2^28 --dist uniform --order asc --json "$OUT/radix-grid.s46-4byte-keys.json"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -20
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|Duration|L1/TEX Cache|Achieved Occ|Registers Per" "$L" | head -30
