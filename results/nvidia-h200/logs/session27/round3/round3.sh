#!/usr/bin/env bash
# Round 3 (session 27): the bucket sort's count sets in two arrays, and a 512-thread block where 128 and 256 keep
# under 12 warps resident (large buckets) -- conformance and sanitizers with each shape forced, then where it runs.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
part() { local t=$1; shift; echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; tail -n 3 "$L"; }
C=$B/tests/gsb_conformance
G=$B/gpusort-bench
F='*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*'
part 120 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 "$C" --gtest_brief=1 "--gtest_filter=$F"
part 120 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512 "$C" --gtest_brief=1 "--gtest_filter=$F"
part 120 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=256 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_none:*/radix_u64_none"
A=radix,radix-lsd,cub-radix
part 100 "$G" --algo $A --type u32,u64 --values none,u32,u64 --n 1e8 --reps 10 --json "$OUT/r3-1e8.json"
part 150 "$G" --algo $A --type u32,u64 --values u32,u64 --n 2^28 --reps 5 --json "$OUT/r3-2p28.json"
part 120 "$G" --algo $A --type u64 --values none --n 2^29 --reps 5 --json "$OUT/r3-u64-2p29.json"
part 200 "$G" --algo $A --type u32,f32 --values none --n 1e9 --reps 5 --json "$OUT/r3-1e9.json"
for tool in memcheck racecheck synccheck; do
  f='*/radix_u32_none:*/radix_u32_u32:*/radix_u64_none:*/radix_u64_u64'
  [ $tool = racecheck ] && f='*/radix_u32_none:*/radix_u64_u64'
  part 150 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512 GSB_CONFORMANCE_QUICK=1 \
    GSB_CONFORMANCE_MAX_N=70000 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=$f"
done
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 \
  compute-sanitizer --tool memcheck --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_u64:*/radix_f64_u32"
