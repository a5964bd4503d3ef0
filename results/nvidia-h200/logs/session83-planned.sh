#!/usr/bin/env bash
# Planned in session 82 (issue 19, radix; not run: the session's device time ran out). One call. Run in session 83
# as logs/session83/round1.sh (its alternation cut to u32 keys), NOTES.md round 68.
#
# 16-bit counts (add_count) in the in-place kernel that sorts 4-byte pairs two blocks an SM
# (logs/session82/p22.patch): its static arrays 32.9 KB -> 16.5 KB, so two blocks of 22 rows fit Hopper's 228 KB
# (2 x 106.6 KB) and the window of 32 warps grows from 8268-10240 keys (u32+u32 uniform about 5e8-6.5e8) to
# 8268-11264 (to about 7.1e8); sm80 5536-6144 -> 5536-8192, sm86 3488-4096 (its hybrid path takes 4-byte pairs only
# when forced). ptxas 13.0 sm_90, u32+u32: 22 rows 64 registers, no spills, 16512 bytes of static shared memory; 24
# rows (p24: the patch with bucket_rows_pairs_two_blocks = 24, to 12288 keys, about 7.7e8) 64 registers with 12 bytes
# of spill stores and loads. The patch relaxes the kernel's static_assert that kept 16-bit counts from pairs in place
# (their rounds are counted as keys alone's are): its conformance forced in place is the first check.
# Build here with CUDAARCHS=90-real into build/h200 and pack with scripts/pack-build.sh: main (as it is), p22
# (git apply results/nvidia-h200/logs/session82/p22.patch), p24 (p22 with 24 rows), each then `git checkout backends/`.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
P22=$(unpack .carry/p22.tar.xz)
P24=$(unpack .carry/p24.tar.xz)
for B in "$P22" "$P24"; do
  part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place "$B/tests/gsb_conformance" \
    --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
done
for tool in memcheck synccheck racecheck; do
  part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place compute-sanitizer --tool $tool \
    --error-exitcode 9 "$P22/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,20000 \
    --dist uniform,few-unique --reps 1 --warmup 0 -q
done
BUILDS="main=$M p22=$P22 p24=$P24"
alternate 60 t --algo radix,cub-radix --type u32,f32 --values u32 --n 2^29,6e8,6.5e8,7e8,7.5e8 --reps 3 --warmup 1 \
  --validate none -q
part 90 "$P22/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 6.5e8,7e8 --reps 3 \
  --warmup 1 -q --json "$OUT/grid-p22.json"
