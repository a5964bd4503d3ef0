#!/usr/bin/env bash
# Session 46, round 3 (about 9 min). Round 2 found the bucket sort bound by shared memory (ncu: L1 93-96% busy, at 16
# as at 11 blocks an SM) and its two rounds costing more than its loads and stores (knock-outs). This build (`bitmap`):
#   - the two-buffer bucket sort holds 4-byte keys' low halves (round 2's `narrow`), its body now a device function
#     (sort_bucket_in_shared; ptxas 13.0 gives every u32 bucket kernel the same registers as before);
#   - 4-byte keys alone sort a bucket by bit planes instead (bitmap_buckets.cuh): one shared atomic a key, the planes
#     read in order; buckets with more than 64 keys past a value's second go to the two rounds.
#     GSB_RADIX_BUCKET_BITMAP=off gives the two rounds (= narrow), =fallback sends every bucket through the planes to
#     the two rounds.
# Conformance of the paths forced from n = 2 in every block shape (planes on, off and fallback), ncu of the planes'
# kernel, main / planes / off alternated twice (cub-radix in every run), then radix's conformance and compute-sanitizer
# over the planes and the fallback. Carry .carry/{mainl,bitmap}.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/mainl.tar.xz)
P=$(unpack .carry/bitmap.tar.xz)
F4='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_none:*/radix_u64_u32'
for mode in on fallback off; do
  for t in 128 256 512; do
    part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$t GSB_RADIX_BUCKET_BITMAP=$mode \
      "$P/tests/gsb_conformance" --gtest_brief=1 "$F4"
  done
done
part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place "$P/tests/gsb_conformance" --gtest_brief=1 "$F4"
part 40 ncu --kernel-name regex:bucket_sort_kernel --launch-count 1 --section SpeedOfLight --section Occupancy \
  --section WarpStateStats --section SchedulerStats "$P/gpusort-bench" --algo radix --type u32 --n 1e8 --reps 1 --warmup 0 -q
ARGS=(--algo radix,cub-radix --type u32 --n 1e7,2^24,1e8,2^28 --dist uniform,entropy-0.201,zipf --reps 5 -q)
for r in a b; do
  part 45 "$M/gpusort-bench" "${ARGS[@]}" --json "$OUT/cells-main-$r.json"
  part 45 env GSB_RADIX_BUCKET_BITMAP=on "$P/gpusort-bench" "${ARGS[@]}" --json "$OUT/cells-planes-$r.json"
  part 45 env GSB_RADIX_BUCKET_BITMAP=off "$P/gpusort-bench" "${ARGS[@]}" --json "$OUT/cells-off-$r.json"
done
part 100 "$P/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_*'
for mode in on fallback; do
  for tool in memcheck racecheck synccheck; do
    part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
      GSB_RADIX_BUCKET_THREADS=128 GSB_RADIX_BUCKET_BITMAP=$mode compute-sanitizer --tool $tool --error-exitcode 99 \
      --print-limit 20 "$P/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_u32_none:*/radix_f32_none'
  done
done
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -30
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|Duration|L1/TEX Cache|Issued Warp|Achieved Occ" "$L" | head -60
