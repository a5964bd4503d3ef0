#!/usr/bin/env bash
# Round 4 (session 27, H100): the final rules -- conformance with each bucket shape forced, racecheck of the
# 512-thread block, then the 8-byte hybrid and the 512-thread cells on a second GPU.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
part() { local t=$1; shift; echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; tail -n 3 "$L"; }
C=$B/tests/gsb_conformance
G=$B/gpusort-bench
F='*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*'
part 60 "$C" --gtest_brief=1 "--gtest_filter=$F"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 "$C" --gtest_brief=1 "--gtest_filter=$F"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512 "$C" --gtest_brief=1 "--gtest_filter=$F"
A=radix,radix-lsd,cub-radix
part 90 "$G" --algo $A --type u64,i64,f64 --values none,u32,u64 --n 1e8 --reps 10 --json "$OUT/r4-h100-1e8.json"
part 90 "$G" --algo $A --type u64 --values none,u32,u64 --n 2^28 --reps 5 --json "$OUT/r4-h100-2p28.json"
part 90 "$G" --algo $A --type u32,f32 --values none --n 1e9 --reps 5 --json "$OUT/r4-h100-1e9.json"
part 150 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512 GSB_CONFORMANCE_QUICK=1 \
  GSB_CONFORMANCE_MAX_N=5000 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u64_u64:*/radix_u32_none"
