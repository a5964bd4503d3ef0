#!/usr/bin/env bash
# Session 40, third call (about 5 min): main with the 64-thread bucket shape chosen for small buckets
# (bucket_shape_for: up to 640 keys, 4-byte keys with values and 8-byte keys) and provisional thresholds
# (hybrid_min_items: 4-byte keys with 4-byte values 2.2e7, 8-byte keys 1.5e7 / 1.3e7 / 1.1e7).
#  1. the crossovers: the path forced from n = 2 (GSB_RADIX_HYBRID_MIN_N=2) against radix-lsd, every 4- and 8-byte
#     key type, values none/u32/u64, from 1e7 to 2.6e7;
#  2. as built (the path from the thresholds): radix, radix-lsd and cub-radix on both sides of each threshold;
#  3. device-run's conformance of radix (as built, the path from n = 2, 64-thread blocks forced) and the hybrid
#     sanitizer parts (forced at small n, the 64-thread shape now
#     the default there).
# Carry .carry/main.tar.xz (this main, packed by scripts/pack-build.sh build/release main).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 90 env GSB_RADIX_HYBRID_MIN_N=2 "$M/gpusort-bench" --algo radix,radix-lsd --type u32,i32,f32,u64,i64,f64 \
  --values none,u32,u64 --n 1e7,1.1e7,1.2e7,1.3e7,1.4e7,1.5e7,2^24,1.8e7,2e7,2.2e7,2.4e7,2.6e7 --reps 10 \
  --json "$OUT/r3-forced.json" -q
part 90 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --n 1e7,1.1e7,1.3e7,1.5e7,2^24,2.2e7,2.6e7 --reps 10 --json "$OUT/r3-built.json" -q
left=$((LIMIT - SECONDS + T0))
GSB_CONFORMANCE_FILTER='*/radix_*' GSB_PARTS='conformance \(GPU\)|hybrid path from n = 2|64-thread|\(radix hybrid\)$' \
  GSB_SANITIZE_PART=forced GSB_SKIP_BENCH=1 timeout "$left" \
  bash scripts/device-run.sh .carry/main.tar.xz "$OUT/dr" > "$OUT/dr.out" 2>&1
echo "=== device-run rc=$? ($(date -u +%T))" | tee -a "$L"
grep -h -A80 "=== summary" "$OUT"/dr/device.log | grep -v "skipped (GSB_PARTS)"
