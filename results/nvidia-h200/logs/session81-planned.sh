#!/usr/bin/env bash
# Planned in session 80 (issue 19, radix; not run: the session's device time ran out). Two parts, one call each.
#
# Part 1, the sm80 band through compute_80 PTX (main built 80-virtual: scripts/pack-build.sh build/sm80 sm80;
# GSB_ARCH=80): the 4-byte pairs' 512-thread two-buffer shape (12 digit bits) forced, and as the sm80 rule picks it at
# 2e8 (validated); the 128-thread shape (9 bits) forced.
#
# Part 2, fewer digit bits in the warps' buckets (u32+u32 from 2^22 to about 3.5e7: buckets of 64-700 keys counted by
# 256 digits; round 62 found runs of about 2 keys best in blocks): logs/session80/wbits.patch (warp_scan_counts over 64
# or 128 digits; the carried words counted by their low half's top warp_bucket_carry_digit_bits bits; at 8 the machine
# code is main's: scripts/same-code, radix_onesweep_u32 sm_90, 0 sections differ). Build here, each with
# CUDAARCHS=90-real into build/h200 and packed by scripts/pack-build.sh: base (main), w7 and w6 (the patch with the
# constant set to 7 and 6; ptxas 13.0 sm_90: 48 registers, no spills, as main). Pick the part with PART=1 or PART=2.
set -u
source scripts/device-round.sh
if [ "${PART:-1}" = 1 ]; then
  A=$(unpack .carry/sm80.tar.xz)
  P="--gtest_filter=*/radix_u32_u32:*/radix_f32_u32"
  part 40 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512 "$A/tests/gsb_conformance" \
    --gtest_brief=1 "$P"
  part 40 env GSB_ARCH=80 "$A/gpusort-bench" --algo radix --type u32 --values u32 --n 2e8 --reps 1 --warmup 0 -q \
    --json "$OUT/sm80-2e8.json"
  part 40 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=128 "$A/tests/gsb_conformance" \
    --gtest_brief=1 "$P"
  part 40 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512 compute-sanitizer --tool memcheck \
    --error-exitcode 9 "$A/gpusort-bench" --algo radix --type u32 --values u32 --n 3000 \
    --dist uniform,few-unique,entropy-0.201 --reps 1 --warmup 0 -q
else
  B0=$(unpack .carry/base.tar.xz)
  W7=$(unpack .carry/w7.tar.xz)
  W6=$(unpack .carry/w6.tar.xz)
  BUILDS="base=$B0 w7=$W7 w6=$W6"
  alternate 30 t --algo radix,cub-radix --type u32,f32 --values u32 --n 2^22,6e6,1e7,2^24,2e7,2.6e7,3.5e7 --reps 10 \
    --warmup 2 --validate none -q
  P="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
  for X in "$W7" "$W6"; do
    part 40 "$X/gpusort-bench" --algo radix --type u32,i32,f32 --values u32 --n 2^22,1e7,2^24,3.5e7 --reps 1 \
      --warmup 0 -q --json "$OUT/check-$(basename "$X").json"
    part 25 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=32 "$X/tests/gsb_conformance" --gtest_brief=1 "$P"
    part 25 "$X/gpusort-bench" --algo radix --type u32,f32 --values u32 --n 1e7 \
      --dist sorted,zipf,few-unique,entropy-0.811,entropy-0.201 --reps 1 --warmup 0 -q
    for tool in memcheck synccheck racecheck; do
      part 20 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=32 compute-sanitizer --tool $tool \
        --error-exitcode 9 "$X/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,70000 \
        --dist uniform,few-unique,entropy-0.201 --reps 1 --warmup 0 -q
    done
  done
fi
