#!/usr/bin/env bash
# Round 9 (session 29, H100, build 53a2ed7): the policy on a second GPU -- conformance with the in-place shape and
# with buckets past a block forced, racecheck of the default shapes forced (n <= 5000), and 8-byte keys at 1e9.
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
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place "$C" --gtest_brief=1 "--gtest_filter=$ALL"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 "$C" --gtest_brief=1 "--gtest_filter=$ALL"
part 120 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 \
  compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 \
  "--gtest_filter=*/radix_u32_none:*/radix_u32_u64:*/radix_u64_none:*/radix_u64_u64"
for c in "u64 none" "f64 none" "u64 u32" "u64 u64"; do
  set -- $c
  part 75 "$G" --algo radix,cub-radix --type $1 --values $2 --n 1e9 --reps 5 --json "$OUT/r9-$1-$2-1e9.json"
done
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|^radix|^cub" "$L"
