#!/usr/bin/env bash
# Round 8 (session 28, H200): the PTX route (README "Architectures") for the in-place bucket sort: compute_80 PTX
# only, JIT-compiled here, the host held to the sm80 band with GSB_ARCH=80 -- radix's conformance with the hybrid
# path and each bucket shape forced from n = 2, memcheck and racecheck of the in-place shape.
set -uo pipefail
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
D=$(mktemp -d); tar -xJf .carry/ptx80.tar.xz -C $D; L=$OUT/ptx80.log
F='*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*'
echo "=== compute_80 $(date -u +%T)" | tee $L
GSB_ARCH=80 $D/gpusort-bench --algo radix --n 1000 --reps 1 --warmup 0 2>&1 | head -1 | tee -a $L
for shape in default 512 512-in-place; do
  if [ $shape = default ]; then E=(); else E=(GSB_RADIX_BUCKET_THREADS=$shape); fi
  env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 "${E[@]}" timeout 90 $D/tests/gsb_conformance --gtest_brief=1 "--gtest_filter=$F" >> $L 2>&1
  echo "conformance ($shape) rc=$?" | tee -a $L; grep -E "PASSED|FAILED" $L | tail -2
done
for tool in memcheck racecheck; do
  GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512-in-place GSB_CONFORMANCE_QUICK=1 \
    GSB_CONFORMANCE_MAX_N=5000 timeout 120 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 \
    $D/tests/gsb_conformance --gtest_brief=1 '--gtest_filter=*/radix_u32_none:*/radix_u64_u32:*/radix_u64_u64' >> $L 2>&1
  echo "$tool rc=$?" | tee -a $L; grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" $L | tail -2
done
