#!/usr/bin/env bash
# Planned in session 83 (issue 19, radix; not run: the session's device time ran out). One call, about 170 s.
#
# The landed tree of 0c45fcb (NOTES.md round 69): 4-byte pairs' 32-row in-place kernel carries positions, two blocks
# an SM. Round 5 of session 83 timed and validated the same 32-row kernel (byte for byte: scripts/same-code) in a
# build whose 22- and 24-row kernels carried too (logs/session83/exp.patch); this checks the landed build itself.
# Build here with CUDAARCHS=90-real into build/h200, pack with scripts/pack-build.sh build/h200 land.
set -u
source scripts/device-round.sh
N=$(unpack .carry/land.tar.xz)
for rows in 24 44; do
  part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place-$rows "$N/tests/gsb_conformance" \
    --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
done
for tool in memcheck synccheck racecheck; do
  part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place-44 compute-sanitizer --tool $tool \
    --error-exitcode 9 "$N/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,20000 \
    --dist uniform,few-unique --order asc,desc --reps 1 --warmup 0 -q
done
part 150 "$N/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 7.7e8,8e8,1e9 --reps 3 \
  --warmup 1 -q --json "$OUT/grid-land.json"
