#!/usr/bin/env bash
# Round 1 (session 27): the review mends of 10b2d87 on a GPU -- conformance and sanitizers of the paths they touch.
export GSB_CONFORMANCE_FILTER='*/bitonic_*:*/odd_even_merge_*:*/radix_u*:*/radix_i*:*/radix_f*:*/merge_samples_*'
export GSB_SANITIZE_FILTER='*/bitonic_u32_none:*/bitonic_u64_u64:*/odd_even_merge_u32_u32:*/radix_u32_none:*/radix_u32_u32:*/radix_u64_u64:*/radix_u8_u32:*/merge_samples_u32_u32:*/merge_samples_u64_none'
export GSB_RACECHECK_FILTER='*/bitonic_u32_u32:*/odd_even_merge_u32_u32:*/radix_u32_u32:*/merge_samples_u32_u32'
export GSB_SYNCCHECK_FILTER='*/bitonic_u32_u32:*/odd_even_merge_u32_u32:*/radix_u32_u32:*/merge_samples_u32_u32'
scripts/device-run.sh .carry/build.tar.xz "$OUT"
