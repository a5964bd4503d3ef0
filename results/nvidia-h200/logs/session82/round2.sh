set -u
source scripts/device-round.sh
PK=$(unpack .carry/packed.tar.xz)
R15=$(unpack .carry/r15.tar.xz)
BUILDS="packed=$PK r15=$R15"
alternate 80 t --algo radix,cub-radix --type u32,i32,f32 --values u32 \
  --n 2e8,2.1e8,2.2e8,2.3e8,2.4e8,2.5e8,2^28 --reps 3 --warmup 1 --validate none -q
part 120 "$R15/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 --n 2.1e8,2.3e8,2.5e8 \
  --dist uniform,zipf,entropy-0.811 --order asc,desc --reps 1 --warmup 0 -q --json "$OUT/check-r15.json"
