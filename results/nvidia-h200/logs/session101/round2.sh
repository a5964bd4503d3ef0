#!/usr/bin/env bash
# Session 101, round 2 (issue 19): round 1 (round1.sh, an H100: the experiment w768, w768.patch) found 4-byte pairs'
# buckets past the 22-row in-place kernel's 11264 keys faster in blocks of 768 threads x 22 rows, two an SM (48 warps),
# sorted by runs (7.5e8 21.75 -> 20.55 ms, 8e8 22.18 -> 21.91, 1e9 28.65 -> 28.43), than in main's 24- and 32-row
# kernels (32 warps, stable rounds). This round runs the landing form: `w768c` (.carry/w768c.tar.xz, main with the
# 768-thread kernel as the in-place shape bucket_in_place_pairs_wide, GSB_RADIX_BUCKET_THREADS=768-in-place forcing it)
# against `land` (.carry/land.tar.xz: main, same machine code as acf4258). w768c's correctness first (its parts tests,
# the in-place kernels under the three sanitizers, conformance of u32, i32 and f32 with u32 values with the 768-thread
# shape forced from n = 2, and the forced shape through each sanitizer), then land and w768c in turn, twice, then
# w768c's cells validated. On an H200 (kind nvidia-h200 with needs_h200) or an H100 (its logs under
# results/nvidia-h100/). PARTS names the parts to run (all by default); AB_N and AB_S the A/B's sizes and seconds a
# part; GRID_TYPES the validated cells' key types.
set -u
LIMIT=${LIMIT:-560}
. scripts/device-round.sh
LB=$(unpack .carry/land.tar.xz)
W=$(unpack .carry/w768c.tar.xz)
want() { [[ -z ${PARTS:-} || " $PARTS " == *" $1 "* ]]; }
FORCE=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=768-in-place)
if want parts; then
  part 30 "$W/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
  for tool in memcheck racecheck synccheck; do
    part 60 compute-sanitizer --tool $tool --error-exitcode 9 "$W/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 \
      --gtest_filter=*InPlaceBuckets*
  done
fi
if want conformance; then
  part 40 "${FORCE[@]}" "$W/tests/gsb_conformance" --gtest_brief=1 \
    "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
  for tool in memcheck racecheck synccheck; do
    part 60 "${FORCE[@]}" compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 20 "$W/gpusort-bench" \
      --algo radix --type u32 --values u32 --n 3000,20000 --dist uniform,few-unique --order asc,desc --reps 1 \
      --warmup 0 -q --json "$OUT/forced-$tool.json"
  done
fi
BUILDS="land=$LB w768c=$W"
AB=(--algo radix,cub-radix --type u32 --values u32 --n ${AB_N:-2^29,7.5e8,8e8,9e8,1e9} --reps 3 --warmup 1 --validate none -q)
! want ab || alternate ${AB_S:-60} t "${AB[@]}"
! want grid || part 130 "$W/gpusort-bench" --algo radix,cub-radix --type ${GRID_TYPES:-u32,i32,f32} --values u32 --n 7.5e8,1e9 \
  --reps 3 --warmup 1 -q --json "$OUT/grid-w768c.json"
summary radix cub-radix t
