set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
E=$(unpack .carry/exp.tar.xz)
for shape in 512-in-place 512-in-place-24 512-in-place-44; do
  part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$shape "$E/tests/gsb_conformance" \
    --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
done
for shape in 512-in-place 512-in-place-44; do
  for tool in memcheck synccheck racecheck; do
    part 45 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$shape compute-sanitizer --tool $tool \
      --error-exitcode 9 "$E/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,20000 \
      --dist uniform,few-unique --order asc,desc --reps 1 --warmup 0 -q
  done
done
BUILDS="main=$M exp=$E"
alternate 60 t --algo radix,cub-radix --type u32 --values u32 --n 2^29,7e8,8e8,1e9 --reps 3 --warmup 1 \
  --validate none -q
part 100 "$E/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 --n 2^29,1e9 --reps 3 \
  --warmup 1 -q --json "$OUT/grid-exp.json"
