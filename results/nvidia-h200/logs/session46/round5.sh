#!/usr/bin/env bash
# Session 46, round 5 (about 7 min). Round 2 found the bucket sort bound by its shared-memory traffic. This build
# (`ranked`): keys alone held in halves take round 0's ranks as they load (the count atomic's old value, kept with the
# key's low half in a register until the digits' starts are known), so round 0 places each key with a read of its
# digit's start, not an atomic and a re-read of the key (buckets of up to 3072 keys; larger ones as before). Checks
# (conformance of the hybrid path forced from n = 2 in every block shape; compute-sanitizer over the 128- and
# 512-thread buckets), ncu of the bucket sort, main (`7e5de2b`, packed from `fb312bc`: the same device code) / ranked alternated twice with cub-radix in every run,
# and the grid's 4-byte rows from the ranked build (read only if it is the one landed). Carry .carry/{main,ranked}.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
R=$(unpack .carry/ranked.tar.xz)
F4='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_none'
for t in default 128 256 512; do
  shape=()
  [ "$t" = default ] || shape=("GSB_RADIX_BUCKET_THREADS=$t")
  part 40 env GSB_RADIX_HYBRID_MIN_N=2 "${shape[@]}" "$R/tests/gsb_conformance" --gtest_brief=1 "$F4"
done
S4='--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none:*/radix_u32_u32'
for t in 128 512; do
  for tool in memcheck synccheck; do
    part 40 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
      GSB_RADIX_BUCKET_THREADS=$t compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 \
      "$R/tests/gsb_conformance" --gtest_brief=1 "$S4"
  done
  part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=1200 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
    GSB_RADIX_BUCKET_THREADS=$t compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 \
    "$R/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_u32_none'
done
part 40 ncu --kernel-name regex:bucket_sort_kernel --launch-count 1 --section SpeedOfLight --section Occupancy \
  --section WarpStateStats --section SchedulerStats --section LaunchStats "$R/gpusort-bench" --algo radix --type u32 \
  --n 1e8 --reps 1 --warmup 0 -q
BUILDS="main=$M ranked=$R"
alternate 50 cells --algo radix,cub-radix --type u32 --values none --n 1e7,2^24,1e8,2^27,2^28 --reps 5 -q
alternate 30 types --algo radix,cub-radix --type i32,f32 --values none --n 1e8 --reps 5 -q
part 110 "$R/gpusort-bench" --reps 10 --warmup 2 --algo radix,cub-radix --type u32,i32,f32 --values none \
  --n 1e8,2^27,2^28 --dist uniform --order asc --json "$OUT/radix-grid.s46-4byte-keys.json"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -30
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|Duration|L1/TEX Cache|Issued Warp|Achieved Occ|Registers Per" "$L" | head -40
