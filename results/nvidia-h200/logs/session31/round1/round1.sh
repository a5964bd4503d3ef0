#!/usr/bin/env bash
# Round 1 (session 31, H200): the sample's warp-aggregated bins and the segments' decode with 8 loads in flight.
# radix / radix-lsd / cub-radix over every distribution at 1e8 on 4-byte keys alone (one run: same inputs), then
# conformance of the radix family, the hybrid path forced from n = 2, and memcheck of the forced hybrid path.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-540}
nvidia-smi --query-gpu=name,memory.total,driver_version,serial --format=csv | tee -a "$L"
"$B/gpusort-bench" --version | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$B/gpusort-bench
C=$B/tests/gsb_conformance
D=uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
part 150 "$G" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 --values none --n 1e8 --dist $D --reps 5 --json $OUT/radix-dist.s31r1-4byte.json -q
part 120 "$C" --gtest_brief=1 "--gtest_filter=*/radix_*"
part 90 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 GSB_RADIX_LARGE_BUCKETS_BY=passes "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
S="env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1"
part 90 $S GSB_RADIX_LARGE_BUCKETS_ABOVE=4 GSB_RADIX_LARGE_BUCKETS_BY=passes GSB_CONFORMANCE_MAX_N=3000 compute-sanitizer --tool memcheck --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_none:*/radix_i32_u64:*/radix_u64_none:*/radix_f64_u32"
grep -E "^=== |^rc=|PASSED|FAILED|SKIPPED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -60
