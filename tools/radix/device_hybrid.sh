#!/usr/bin/env bash
# One device call (about 7 minutes) for the hybrid path of `radix` (backends/radix/onesweep/hybrid.hpp):
# correctness first (equal to `radix-lsd` bit for bit, conformance, the three sanitizers), then the same-run
# timing of radix, radix-lsd and cub-radix, then per-kernel durations at n = 1e8 (ncu).
#   here:  scripts/build.sh && cmake --build build/release --target radix_bench && tar -cJf .carry/build.tar.xz \
#            -C build/release gpusort-bench libgsb.so* tests/gsb_unit_tests tests/gsb_conformance tools/radix/radix_bench
#   there: bash tools/radix/device_hybrid.sh .carry/build.tar.xz "$OUT"   (kind nvidia-h200)
set -u
B=$(mktemp -d); tar -xJf "${1:?build tarball}" -C "$B"; O=${2:?output folder}; mkdir -p "$O"
export LD_LIBRARY_PATH=$B
L=$O/hybrid.log
T="$B/gpusort-bench"
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u
  echo "== radix_bench hybrid, the path from n = 65536 (GSB_RADIX_HYBRID_MIN_N)"
  GSB_RADIX_HYBRID_MIN_N=65536 timeout 240 "$B/tools/radix/radix_bench" hybrid; echo "rc=$?"
  echo "== conformance radix, radix-lsd"
  timeout 150 "$B/tests/gsb_conformance" --gtest_brief=1 \
    --gtest_filter='*/radix_u*:*/radix_i*:*/radix_f*:*/radix_lsd_*:*radix_gpu_partition*:*radix_host_partition*'
  echo "rc=$?"
  echo "== conformance radix 4-byte keys, hybrid path from n = 2 (GSB_RADIX_HYBRID_MIN_N)"
  GSB_RADIX_HYBRID_MIN_N=2 timeout 100 "$B/tests/gsb_conformance" --gtest_brief=1 \
    --gtest_filter='*/radix_u32_none:*/radix_i32_none:*/radix_f32_none:*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32:*/radix_u32_u64:*/radix_f32_u64'
  echo "rc=$?"
  for t in memcheck racecheck synccheck; do
    echo "== $t radix u32/f32 keys and u32+u32, hybrid path from n = 2, quick sizes"
    GSB_RADIX_HYBRID_MIN_N=2 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 timeout 120 compute-sanitizer \
      --tool $t --error-exitcode 99 "$B/tests/gsb_conformance" --gtest_brief=1 \
      --gtest_filter='*/radix_u32_none:*/radix_f32_none:*/radix_u32_u32:*/radix_u32_u64'
    echo "rc=$?"
  done
  echo "== timing"
  timeout 150 "$T" --algo radix,radix-lsd,cub-radix --type u32 --values none \
    --n 2^16,2^18,2^20,2^22,2^24,1e8,134217727 --reps 10 --json "$O/hybrid-sizes.json"; echo "rc=$?"
  timeout 100 "$T" --algo radix,radix-lsd,cub-radix --type u32,f32 --values u32,u64 --n 2^24,1e8,134217727 --reps 10 \
    --json "$O/hybrid-kv.json"; echo "rc=$?"
  echo "== the path forced from 2^20 keys, for the threshold (hybrid.hpp), keys and u32+u32"
  GSB_RADIX_HYBRID_MIN_N=1048576 timeout 100 "$T" --algo radix,radix-lsd --type u32 --values u32,u64 \
    --n 2^23,2^24,25165824,2^25 --reps 10 --json "$O/hybrid-kv-forced.json"; echo "rc=$?"
  GSB_RADIX_HYBRID_MIN_N=1048576 timeout 100 "$T" --algo radix,radix-lsd --type u32 --values none \
    --n 2^24,25165824,3e7,2^25,4e7 --reps 10 --json "$O/hybrid-forced.json"; echo "rc=$?"
  timeout 100 "$T" --algo radix,radix-lsd,cub-radix --type i32,f32 --order asc,desc --values none --n 1e8 \
    --reps 10 --json "$O/hybrid-types.json"; echo "rc=$?"
  timeout 100 "$T" --algo radix,radix-lsd,cub-radix --type u32 --values none --n 1e8 \
    --dist sorted,nearly-sorted,zipf,entropy-0.811,entropy-0.201 --reps 5 --json "$O/hybrid-dists.json"; echo "rc=$?"
  echo "== ncu kernel durations, radix u32 1e8"
  timeout 120 ncu --clock-control none --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed \
    -k regex:'skew|top16|top_counts|hybrid_plan|pass_kernel|bucket_sort' "$T" --algo radix --n 1e8 --reps 1 --warmup 0 -q
  echo "rc=$?"
  echo "== ncu kernel durations, radix u32+u32 1e8"
  timeout 120 ncu --clock-control none --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed \
    -k regex:'top16|pass_kernel|bucket_sort' "$T" --algo radix --values u32 --n 1e8 --reps 1 --warmup 0 -q
  echo "rc=$?"
} > "$L" 2>&1
grep -E "^==|PASSED|FAILED|SUMMARY|rc=|^radix|^cub-radix|hybrid n=|FAIL|gpu__time|dram__|pass_kernel|bucket_sort|skew|top16|top_counts|hybrid_plan" "$L" | cut -c1-220
