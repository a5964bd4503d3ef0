set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
N=$(unpack .carry/new.tar.xz)
for shape in 512-in-place 512-in-place-24; do
  part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$shape "$N/tests/gsb_conformance" \
    --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
done
for tool in memcheck synccheck racecheck; do
  part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place-24 compute-sanitizer --tool $tool \
    --error-exitcode 9 "$N/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,20000 \
    --dist uniform,few-unique --order asc,desc --reps 1 --warmup 0 -q
done
BUILDS="main=$M new=$N"
alternate 70 t --algo radix,cub-radix --type u32 --values u32 --n 6.5e8,7e8,7.5e8,7.7e8,8e8 --reps 3 --warmup 1 \
  --validate none -q
part 170 "$N/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 6.5e8,7e8,7.5e8 --reps 3 \
  --warmup 1 -q --json "$OUT/grid-new.json"
