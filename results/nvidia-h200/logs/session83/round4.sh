set -u
source scripts/device-round.sh
A=$(unpack .carry/sm80.tar.xz)
for shape in 512-in-place 512-in-place-24; do
  part 60 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$shape "$A/tests/gsb_conformance" \
    --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
done
part 40 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place-24 compute-sanitizer \
  --tool memcheck --error-exitcode 9 "$A/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,20000 \
  --dist uniform,few-unique --reps 1 --warmup 0 -q
part 120 env GSB_ARCH=80 "$A/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 --n 4.5e8,5e8 \
  --reps 1 --warmup 0 -q --json "$OUT/sm80-pairs.json"
