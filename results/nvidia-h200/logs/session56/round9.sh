#!/usr/bin/env bash
# Session 56, round 9: the landed device code (`92be4e3`'s small.cuh, built 80-virtual: compute_80 PTX only, which the
# H200's driver compiles) with the sm80 band's policy (GSB_ARCH=80): every radix conformance case of 1-, 2- and 4-byte
# keys (the 256 x 12 shapes) and 8-byte keys up to 20000 keys, as the sample decides and by runs forced always.
set -u
source scripts/device-round.sh
P8=$(mktemp -d) && tar -xJf .carry/sm80.tar.xz -C "$P8"
for runs in auto always; do
  part 90 env GSB_ARCH=80 GSB_RADIX_SMALL_RUNS=$runs GSB_CONFORMANCE_MAX_N=20000 "$P8/tests/gsb_conformance" \
    --gtest_brief=1 '--gtest_filter=*/radix_u8_*:*/radix_u16_*:*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_f64_*'
done
grep -E "^=== |^rc=|PASSED|FAILED" "$L" | cut -c1-160
