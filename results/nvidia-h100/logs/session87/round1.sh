#!/usr/bin/env bash
# Session 87 (issue 19), one call of kind nvidia-h100-x1, about 560 s at most. Build `fix`: main with
# fallback_shape_pays (policy.cuh): 8-byte keys with 4-byte values that the hybrid path hands to the LSD passes take
# the LSD row where the DRAM feeds an SM less than 30 GB/s (this H100: 25.4), their own shape (tuned on the H200)
# elsewhere. Round 56 measured them on this GPU at 0.928-0.935x cub-radix (entropy-0.811) and 0.967-0.977x (Zipf)
# at 1e8, the LSD row 0.98-1.01x. Parts: (1) the forced hybrid conformance of u64, i64 and f64 keys with u32 values and
# memcheck of skewed u64+u32; (2) radix, radix-lsd and cub-radix at 1e8 on every skewed distribution, validated;
# (3) merge-samples against cub-merge at 1e8, u32 keys alone and with u32 values (the H100 last ran it before the
# four-way passes); (4) the grid's 1e9 column for the key types round 56 did not reach (i32, i64, f64, u16, u8; values
# none, u32, u64) and (5) u32 keys at 2^32+17, as far as the time left allows (LIMIT: run with less where the
# session's device time is short).
# Build: CUDAARCHS=90-real; scripts/pack-build.sh build/release fix. Run: bash <this> (from .carry/).
set -u
source scripts/device-round.sh
F=$(unpack .carry/fix.tar.xz)
part 40 env GSB_RADIX_HYBRID_MIN_N=2 "$F/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=*/radix_u64_u32:*/radix_i64_u32:*/radix_f64_u32"
part 30 env GSB_RADIX_HYBRID_MIN_N=2 compute-sanitizer --tool memcheck --error-exitcode 9 "$F/gpusort-bench" \
  --algo radix --type u64 --values u32 --n 3000,20000 --dist zipf,entropy-0.811 --order asc,desc --reps 1 --warmup 0 -q
part 110 "$F/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,i64,f64 --values u32 --n 1e8 \
  --dist uniform,zipf,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,few-unique --reps 5 --warmup 1 -q \
  --json "$OUT/fallback-1e8.json"
part 30 "$F/gpusort-bench" --algo merge-samples,cub-merge --type u32 --values none,u32 --n 1e8 --reps 5 --warmup 1 -q \
  --json "$OUT/merge-1e8.json"
part 270 env GSB_TOOL="$F/gpusort-bench" scripts/sweep.sh --parts radix-grid --grid-runs big \
  --grid-types i32,i64,f64,u16,u8 --reps 5 --no-plot --out "$OUT/grid"
part 80 env GSB_TOOL="$F/gpusort-bench" scripts/sweep.sh --parts radix-grid --grid-runs xl --grid-xl-values none \
  --reps 5 --no-plot --out "$OUT/grid"
summary radix cub-radix
