#!/usr/bin/env bash
# Planned in session 81 (issue 19, radix; not run: the session's device time ran out). Two parts, one call each.
#
# 16-bit counts in the two-buffer bucket kernels that sort 4-byte pairs by runs (logs/session81/packed.patch,
# bucket_sets_packed): their per-warp count sets, which only the stable rounds a run past 32 keys falls back to use,
# take half the shared memory (256 threads: 8.3 KB of static arrays in place of 16.5; 128: 4.2 / 8.3; 512: 16.5 /
# 32.9), so more blocks are resident. Session 81 found the 256-thread shape's step from 32 to 24 warps (largest buckets
# past about 3300 keys, u32+u32 from about 2.05e8) costs about 5 % (NOTES.md round 64). ptxas 13.0 sm_90: the u32+u32
# two-buffer kernels 40 registers at 128 / 256 / 512 threads, no spills (main: 40 / 40 / 48). The patch moves the
# rule's picks on every band (bucket_shape_for, which compares resident warps): on sm90 1656-1992 keys 256 -> 128
# threads (1e8 uniform), 3116-3400 256 -> 512, 3404-3656 512 -> 256, 4088-5020 256 -> 512, 5024-5704 512 -> 256; so
# part 1 times it as it falls and part 2 each shape forced, from which the rule is to be drawn again (arch_policy_test's
# pins move with it). Build here with CUDAARCHS=90-real into build/h200, packed by scripts/pack-build.sh: land
# (d1d9824, before the patch) and packed (main since the patch landed in session 81, NOTES.md round 65, after its
# checks and three timings; the rest of part 1's correctness ran there, so part 1's timings and part 2 are what is
# left, with f32 and i32 keys and the sm80 band through compute_80 PTX).
set -u
source scripts/device-round.sh
L1=$(unpack .carry/land.tar.xz)
PK=$(unpack .carry/packed.tar.xz)
if [ "${PART:-1}" = 1 ]; then
  # Correctness first: the forced shapes (the stable fallback's packed counts by long runs at 3e6), the sanitizers.
  P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
  for th in 128 256 512; do
    part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$th "$PK/tests/gsb_conformance" --gtest_brief=1 "$P"
    part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$th GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
      GSB_RADIX_LARGE_BUCKETS_BY=passes "$PK/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 --n 3e6 \
      --dist uniform,sorted,zipf,few-unique,all-equal,entropy-0.811,entropy-0.201 --order asc,desc --reps 1 --warmup 0 \
      -q --json "$OUT/check-runs-$th.json"
    for tool in memcheck synccheck racecheck; do
      part 25 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$th compute-sanitizer --tool $tool \
        --error-exitcode 9 "$PK/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,70000 \
        --dist uniform,few-unique,entropy-0.201 --reps 1 --warmup 0 -q
    done
  done
  BUILDS="land=$L1 packed=$PK"
  alternate 60 t --algo radix,cub-radix --type u32,f32 --values u32 \
    --n 5e7,8e7,1e8,1.5e8,2e8,2.2e8,2.4e8,2^28,3e8,4e8 --reps 3 --warmup 1 --validate none -q
else
  # Each shape forced with the packed counts (and land's rule beside them), to draw the rule again.
  N=8e7,1e8,1.5e8,2.2e8,2.4e8,2^28
  for round in a b; do
    part 60 "$L1/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 --n $N --reps 3 --warmup 1 \
      --validate none -q --json "$OUT/t-land-$round.json"
    for th in 128 256 512; do
      part 60 env GSB_RADIX_BUCKET_THREADS=$th "$PK/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 \
        --n $N --reps 3 --warmup 1 --validate none -q --json "$OUT/t-p$th-$round.json"
    done
  done
  part 90 "$PK/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 --n $N --reps 1 --warmup 0 -q \
    --json "$OUT/check-packed.json"
fi
