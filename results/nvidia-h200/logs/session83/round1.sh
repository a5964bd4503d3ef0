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
alternate 70 t --algo radix,cub-radix --type u32 --values u32 --n 2^29,6e8,6.5e8,7e8,7.5e8 --reps 3 --warmup 1 \
  --validate none -q
