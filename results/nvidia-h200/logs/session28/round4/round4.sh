#!/usr/bin/env bash
# Round 4 (session 28, H200, build b07c6d4): the cells the in-place bucket sort changes, beside radix-lsd and
# cub-radix (u32 keys at 1e9 in place against two buffers too); then the sanitizers of the hybrid path's forced
# shapes that round 3's whole device run (cut at 600 s, in its default synccheck) did not reach.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt 570 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
C=$B/tests/gsb_conformance
G=$B/gpusort-bench
A=radix,radix-lsd,cub-radix
part 80 "$G" --algo $A --type u64,i64 --values none --n 1e9 --reps 5 --json "$OUT/r4-u64-1e9.json"
part 70 "$G" --algo $A --type u64 --values u32 --n 1e9 --reps 5 --json "$OUT/r4-u64u32-1e9.json"
part 100 "$G" --algo $A --type u32 --values none,u32,u64 --n 1e9 --reps 5 --json "$OUT/r4-u32-1e9.json"
part 30 env GSB_RADIX_BUCKET_THREADS=512 "$G" --algo radix --type u32 --values none --n 1e9 --reps 5 --json "$OUT/r4-u32-1e9-two-buffers.json"
part 60 "$G" --algo $A --type u64 --values u32,u64 --n 2^28 --reps 5 --json "$OUT/r4-u64v-2p28.json"
part 30 "$G" --algo $A --type u32 --values u64 --n 2^28 --reps 5 --json "$OUT/r4-u32u64-2p28.json"
S="*/radix_u32_none:*/radix_u32_u32:*/radix_u32_u64:*/radix_u64_none:*/radix_u64_u32:*/radix_u64_u64"
for tool in memcheck synccheck; do
  part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512-in-place GSB_CONFORMANCE_QUICK=1 \
    GSB_CONFORMANCE_MAX_N=5000 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=$S"
done
part 100 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512-in-place GSB_CONFORMANCE_QUICK=1 \
  GSB_CONFORMANCE_MAX_N=5000 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_none:*/radix_u64_none:*/radix_u64_u64"
for tool in memcheck synccheck; do
  part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 \
    compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=$S"
done
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|^radix|^cub" "$L"
