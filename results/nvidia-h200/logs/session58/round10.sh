#!/usr/bin/env bash
# Session 58, round 10: the landed device code built as compute_80 PTX only (`sm80`, 80-virtual, which the H200's
# driver compiles) and run with the sm80 band's policy (GSB_ARCH=80): the forced hybrid path's conformance (every
# 4-byte type and value mode, u64 with every value mode, i64 and f64 alone, u16), its first pass in portions of one
# tile (every portion claims from the same cursors), and the 1024-thread buckets forced.
set -u
source scripts/device-round.sh
P8=$(unpack .carry/sm80.tar.xz)
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none:*/radix_u16_*'
part 90 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 "$P8/tests/gsb_conformance" --gtest_brief=1 "$F"
part 90 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 "$P8/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place "$P8/tests/gsb_conformance" \
  --gtest_brief=1 '--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none'
grep -E "^=== |^rc=|PASSED|FAILED" "$L" | cut -c1-160
