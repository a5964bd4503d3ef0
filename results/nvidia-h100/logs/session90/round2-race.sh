set -u
source scripts/device-round.sh
A=$(unpack .carry/s90.tar.xz)
part 160 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2 compute-sanitizer --tool racecheck --error-exitcode 9 \
  --print-limit 20 "$A/gpusort-bench" --algo radix --type u32,f32 --values u32 --order asc,desc --dist uniform \
  --warmup 0 --reps 1 -q --n 2,3000,20000 --json "$OUT/seg-racecheck.json"
