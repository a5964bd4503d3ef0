set -u
source scripts/device-round.sh
L1=$(unpack .carry/land.tar.xz)
PK=$(unpack .carry/packed.tar.xz)
BUILDS="land=$L1 packed=$PK"
alternate 75 t --algo radix,cub-radix --type u32,f32 --values u32 \
  --n 5e7,8e7,1e8,1.5e8,2e8,2.2e8,2.4e8,2^28,3e8,4e8 --reps 3 --warmup 1 --validate none -q
N=8e7,1e8,1.5e8,2.2e8,2.4e8,2^28
for th in 128 256 512; do
  part 60 env GSB_RADIX_BUCKET_THREADS=$th "$PK/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 \
    --n $N --reps 3 --warmup 1 --validate none -q --json "$OUT/f-p$th-a.json"
done
