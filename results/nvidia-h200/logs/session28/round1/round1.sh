#!/usr/bin/env bash
# Round 1 (session 28, H200): the in-place bucket sort -- conformance forced at every size, its new cells beside
# radix-lsd and cub-radix, in place against two buffers at 2^29, a 1e8 control, then its sanitizers.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
part() { local t=$1; shift; echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; tail -n 3 "$L"; }
C=$B/tests/gsb_conformance
G=$B/gpusort-bench
F='*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*'
part 90 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place "$C" --gtest_brief=1 "--gtest_filter=$F"
A=radix,radix-lsd,cub-radix
part 30 "$G" --algo $A --type u32 --values none,u32 --n 1e8 --reps 10 --json "$OUT/r1-control-1e8.json"
part 100 "$G" --algo $A --type u64,i64 --values none --n 1e9 --reps 5 --json "$OUT/r1-u64-1e9.json"
part 150 "$G" --algo $A --type u64 --values u32 --n 1e9 --reps 5 --json "$OUT/r1-u64u32-1e9.json"
part 120 "$G" --algo $A --type u32 --values u32,u64 --n 1e9 --reps 5 --json "$OUT/r1-u32v-1e9.json"
part 90 "$G" --algo $A --type u32 --values u64 --n 2^28 --reps 5 --json "$OUT/r1-u32u64-2p28.json"
part 90 "$G" --algo $A --type u32 --values u32 --n 2^29 --reps 5 --json "$OUT/r1-u32u32-2p29.json"
part 90 "$G" --algo $A --type u64 --values u64 --n 2^29 --reps 5 --json "$OUT/r1-u64u64-2p29.json"
part 60 "$G" --algo radix --type u64 --values none,u32 --n 2^29 --reps 5 --json "$OUT/r1-two-buffers-2p29.json"
part 60 env GSB_RADIX_BUCKET_THREADS=512-in-place "$G" --algo radix --type u64 --values none,u32 --n 2^29 --reps 5 --json "$OUT/r1-in-place-2p29.json"
S="*/radix_u32_none:*/radix_u32_u32:*/radix_u32_u64:*/radix_u64_none:*/radix_u64_u32:*/radix_u64_u64"
for tool in memcheck synccheck; do
  part 150 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512-in-place GSB_CONFORMANCE_QUICK=1 \
    GSB_CONFORMANCE_MAX_N=5000 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=$S"
done
part 150 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512-in-place GSB_CONFORMANCE_QUICK=1 \
  GSB_CONFORMANCE_MAX_N=5000 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_u64_none:*/radix_u64_u64"
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | tail -60
