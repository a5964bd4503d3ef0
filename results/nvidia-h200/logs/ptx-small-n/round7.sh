#!/usr/bin/env bash
# Round 7 (H200): the PTX route (README "Architectures") for the new small-n paths, the prefetch rule and the
# histogram: compute_75 and compute_80 PTX only, JIT-compiled here, the host held to that band with GSB_ARCH.
set -uo pipefail
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
F='*/merge_samples_*:*/bitonic_*:*/odd_even_merge_*:*/radix_u16_none:*/radix_u32_u32:*/radix_u64_u32'
for a in 75 80; do
  [ -f .carry/ptx$a.tar.xz ] || { echo "no ptx$a"; continue; }
  D=$(mktemp -d); tar -xJf .carry/ptx$a.tar.xz -C $D; L=$OUT/ptx$a.log
  echo "=== compute_$a $(date -u +%T)" | tee $L
  GSB_ARCH=$a $D/gpusort-bench --algo merge-samples --n 1000 --reps 1 --warmup 0 2>&1 | head -1 | tee -a $L
  GSB_ARCH=$a timeout 150 $D/tests/gsb_conformance --gtest_brief=1 "--gtest_filter=$F" >> $L 2>&1; echo "conformance rc=$?" | tee -a $L
  GSB_ARCH=$a GSB_MERGE_SAMPLES_LARGE=1 GSB_CONFORMANCE_QUICK=1 timeout 40 $D/tests/gsb_conformance --gtest_brief=1 '--gtest_filter=*/merge_samples_u32_u32:*/merge_samples_u64_none' >> $L 2>&1; echo "large rc=$?" | tee -a $L
  GSB_ARCH=$a GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 timeout 60 compute-sanitizer --tool memcheck --error-exitcode 99 --print-limit 20 \
    $D/tests/gsb_conformance --gtest_brief=1 '--gtest_filter=*/merge_samples_u32_none:*/merge_samples_u32_u32:*/bitonic_u32_u32:*/odd_even_merge_u64_u64' >> $L 2>&1; echo "memcheck rc=$?" | tee -a $L
  grep -E "tests from.*ran|PASSED|FAILED|ERROR SUMMARY" $L | tail -8
done
