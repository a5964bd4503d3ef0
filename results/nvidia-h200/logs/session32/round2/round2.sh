#!/usr/bin/env bash
# Round 2 (session 32, H200): (a) the LSD digit histogram alone, u32 keys at 1e8 (research binary histbench: the
# production kernel, without the codec, CUB's histogram agent, two more loop shapes); (b) the forced sanitizer parts
# round 1 could not finish on build 9bbe7fa, at smaller n for racecheck.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-560}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
C=$B/tests/gsb_conformance
cs() { echo compute-sanitizer --tool "$1" --error-exitcode 99 --print-limit 20; }
part 60 .carry/histbench
part 60 .carry/histbench
part 150 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512-in-place $(cs synccheck) "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_none:*/radix_u32_u32:*/radix_u32_u64:*/radix_u64_none:*/radix_u64_u32:*/radix_u64_u64"
part 170 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=1200 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 $(cs racecheck) "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_u64_u64"
part 170 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=1200 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512-in-place $(cs racecheck) "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_u64_none:*/radix_u64_u64"
grep -E "^=== |^rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED|median|sms" "$L" | cut -c1-200
