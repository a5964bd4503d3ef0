#!/usr/bin/env bash
# Session 102, round 1 (issue 19). Three builds: `land` (.carry/land.tar.xz, the machine code of acf4258, before
# round 91), `w768c` (.carry/w768c.tar.xz, the tree of 6839e6f: round 91's 768-thread in-place shape, main's device
# code) and `rk` (.carry/rk.tar.xz: the in-place kernels that sort 4-byte pairs by runs, 22 rows at 512 and 768
# threads, keep each key's low half in registers from its load to its placing, where main stored it to shared
# memory and read it back after a barrier). First rk's correctness: its parts tests, the in-place tests under the
# three sanitizers, the conformance of u32, i32 and f32 keys with u32 values with each by-runs shape forced from
# n = 2 (512-in-place: 22 rows; 768-in-place), and each forced shape through each sanitizer. Then the three builds
# in turn, twice, u32+u32 at 2^29, 7.5e8 and 1e9, --validate none (session 101 had no H200 for w768c against land);
# then rk's cells validated: u32, i32 and f32 keys with u32 values at 2^29, 7.5e8 and 1e9, and u32+u32 Zipf at 1e9
# (0.986x cub-radix at 8e8 on an H100). On an H200 (kind nvidia-h200 with needs_h200) or an H100 (its logs under
# results/nvidia-h100/). NO_LAND=1 leaves land out of the A/B. PARTS names the parts to run (all by default): checks ab grid.
set -u
LIMIT=${LIMIT:-560}
. scripts/device-round.sh
LB=$(unpack .carry/land.tar.xz)
W=$(unpack .carry/w768c.tar.xz)
R=$(unpack .carry/rk.tar.xz)
want() { [[ -z ${PARTS:-} || " $PARTS " == *" $1 "* ]]; }
if want checks; then
  part 30 "$R/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
  for tool in memcheck racecheck synccheck; do
    part 60 compute-sanitizer --tool $tool --error-exitcode 9 "$R/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 \
      --gtest_filter=*InPlaceBuckets*
  done
  for shape in 512-in-place 768-in-place; do
    FORCE=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$shape)
    part 40 "${FORCE[@]}" "$R/tests/gsb_conformance" --gtest_brief=1 \
      "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
    for tool in memcheck racecheck synccheck; do
      part 60 "${FORCE[@]}" compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 20 "$R/gpusort-bench" \
        --algo radix --type u32 --values u32 --n 3000,20000 --dist uniform,few-unique --order asc,desc --reps 1 \
        --warmup 0 -q --json "$OUT/forced-$shape-$tool.json"
    done
  done
fi
BUILDS="land=$LB w768c=$W rk=$R"
[ -z "${NO_LAND:-}" ] || BUILDS="w768c=$W rk=$R"  # (NO_LAND=1: on an H100, where session 101 ran land)
! want ab || alternate 45 t --algo radix,cub-radix --type u32 --values u32 --n ${AB_N:-2^29,7.5e8,1e9} --reps 3 \
  --warmup 1 --validate none -q
if want grid; then
  part 110 "$R/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^29,7.5e8,1e9 \
    --reps 3 --warmup 1 -q --json "$OUT/grid-rk.json"
  part 50 "$R/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 --n 1e9 --dist zipf \
    --reps 3 --warmup 1 -q --json "$OUT/zipf-rk.json"
fi
summary radix cub-radix t
