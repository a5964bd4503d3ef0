#!/usr/bin/env bash
# Round 4 (session 29, H200): 8-byte values gathered by position in the in-place bucket sort -- conformance and the
# sanitizers with the in-place shape forced from n = 2, then u64+u64 to 1e9 and the other in-place pairs.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,driver_version,serial --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt 580 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
C=$B/tests/gsb_conformance
G=$B/gpusort-bench
ALL="*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
part 90 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place "$C" --gtest_brief=1 "--gtest_filter=$ALL"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 "$C" --gtest_brief=1 "--gtest_filter=$ALL"
S="*/radix_u32_u64:*/radix_u64_u64:*/radix_i64_u64:*/radix_f64_u64:*/radix_u64_u32"
for tool in memcheck synccheck; do
  part 50 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512-in-place GSB_CONFORMANCE_QUICK=1 \
    GSB_CONFORMANCE_MAX_N=5000 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=$S"
done
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512-in-place GSB_CONFORMANCE_QUICK=1 \
  GSB_CONFORMANCE_MAX_N=5000 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u64_u64:*/radix_u32_u64"
A=radix,radix-lsd,cub-radix
part 100 "$G" --algo $A --type u64,i64 --values u64 --n 1e9 --reps 5 --json "$OUT/r4-u64u64-1e9.json"
part 60 "$G" --algo $A --type u64 --values u64 --n 7.5e8 --reps 5 --json "$OUT/r4-u64u64-7.5e8.json"
part 50 "$G" --algo $A --type u64,f64 --values u64 --n 2^28 --reps 5 --json "$OUT/r4-u64u64-2p28.json"
part 60 "$G" --algo $A --type u32 --values u64 --n 1e9 --reps 5 --json "$OUT/r4-u32u64-1e9.json"
part 60 "$G" --algo $A --type i64 --values none,u32 --n 1e9 --reps 5 --json "$OUT/r4-i64-1e9.json"
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|^radix|^cub" "$L"
