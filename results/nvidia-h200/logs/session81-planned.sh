#!/usr/bin/env bash
# Planned in session 80 (issue 19, radix; not run: the session's device time ran out). The sm80 band through
# compute_80 PTX (main built 80-virtual: scripts/pack-build.sh build/sm80 sm80; GSB_ARCH=80): the 4-byte pairs'
# 512-thread two-buffer shape (12 digit bits) forced, and as the sm80 rule picks it at 2e8 (validated); the 128-thread
# shape (9 bits) forced. Run from the repository root with LIMIT and OUT as device-round.sh says; carry .carry/.
set -u
source scripts/device-round.sh
A=$(unpack .carry/sm80.tar.xz)
P="--gtest_filter=*/radix_u32_u32:*/radix_f32_u32"
part 20 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512 "$A/tests/gsb_conformance" --gtest_brief=1 "$P"
part 15 env GSB_ARCH=80 "$A/gpusort-bench" --algo radix --type u32 --values u32 --n 2e8 --reps 1 --warmup 0 -q \
  --json "$OUT/sm80-2e8.json"
part 15 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=128 "$A/tests/gsb_conformance" --gtest_brief=1 "$P"
