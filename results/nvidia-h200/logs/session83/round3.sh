set -u
source scripts/device-round.sh
N=$(unpack .carry/new.tar.xz)
part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place-24 "$N/tests/gsb_conformance" \
  --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
part 60 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place-24 "$N/tests/gsb_conformance" \
  --gtest_brief=1 "--gtest_filter=*/radix_u32_u32"
for tool in memcheck synccheck racecheck; do
  part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place-24 compute-sanitizer --tool $tool \
    --error-exitcode 9 "$N/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,20000 \
    --dist uniform,few-unique --order asc,desc --reps 1 --warmup 0 -q
done
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place compute-sanitizer --tool racecheck \
  --error-exitcode 9 "$N/gpusort-bench" --algo radix --type f32 --values u32 --n 3000,20000 \
  --dist uniform,few-unique --order desc --reps 1 --warmup 0 -q
