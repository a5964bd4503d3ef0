#!/usr/bin/env bash
# Planned in session 86 (issue 19, radix; its call was lost: the machine was taken back mid-call, and then none was
# lent). One call, about 330 s. The landed build `new` (04d84fb on: 4-byte pairs' 22-row in-place kernel carrying
# positions at three blocks an SM on sm90, and 512 threads with two buffers where in place keeps less than twice their
# warps) against `land` (5d3c298, the tree before). Its sm_90 machine code is byte for byte the build that session
# 85's planned exp call ran (logs/session86/planned-exp/), so this checks the landed host side: the forced row counts'
# buffers (22, 24, 32 rows), the sanitizers, the shapes as they fall at 4e8 (two buffers, as land) and 2^29-7e8.
# Build here with CUDAARCHS=90-real: 5d3c298 packed as land, HEAD as new (scripts/pack-build.sh BUILD NAME).
set -u
source scripts/device-round.sh
A=$(unpack .carry/land.tar.xz)
B=$(unpack .carry/new.tar.xz)
for l in "$B" "$A"; do  # the 22- and 24-row kernels' registers, new's then land's
  cuobjdump --dump-resource-usage "$l/libgsb.so" 2>&1 | grep -A1 "bucket_sort_kernelILi512EjjLb1ELi2[24]" |
    grep -o "REG:[0-9]*.*STACK:[0-9]*" | tee -a "$L"
done
P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
for threads in 512-in-place 512-in-place-24 512-in-place-44 512; do
  part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$threads "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
done
part 30 "$B/tests/gsb_conformance" --gtest_brief=1 "$P"
for tool in memcheck synccheck racecheck; do
  part 50 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place compute-sanitizer --tool $tool \
    --error-exitcode 9 "$B/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,11264 \
    --dist uniform,few-unique --order asc,desc --reps 1 --warmup 0 -q
done
part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place-24 compute-sanitizer --tool memcheck \
  --error-exitcode 9 "$B/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,11264 --reps 1 --warmup 0 -q
BUILDS="land=$A new=$B"
alternate 35 t --algo radix,cub-radix --type u32 --values u32 --n 4e8,2^29,6e8,7e8 --reps 3 --warmup 1 \
  --validate none -q
part 60 "$B/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^29,7e8 --reps 3 --warmup 1 \
  -q --json "$OUT/grid-new.json"
summary radix cub-radix
