#!/usr/bin/env bash
# Round 6 (session 30, H200): the sample's new criterion (heavy = past twice the uniform bucket, share 1/8), the
# status rows cleared after the sample, the sample's loads at once. Conformance (forced paths), sanitizers of the
# forced passes path, skewed distributions at 1e8 (radix / radix-lsd / cub-radix).
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,driver_version,serial --format=csv | tee -a "$L"
"$B/gpusort-bench" --version | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt 585 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$B/gpusort-bench
C=$B/tests/gsb_conformance
ALL="*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
part 100 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 GSB_RADIX_LARGE_BUCKETS_BY=passes "$C" --gtest_brief=1 "--gtest_filter=$ALL"
part 100 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_LARGE_BUCKETS_ABOVE=84 GSB_RADIX_LARGE_BUCKETS_BY=passes "$C" --gtest_brief=1 "--gtest_filter=$ALL"
part 100 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 "$C" --gtest_brief=1 "--gtest_filter=$ALL"
part 100 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 "$C" --gtest_brief=1 "--gtest_filter=$ALL"
part 100 "$C" --gtest_brief=1 "--gtest_filter=*/radix_*:*/radix_lsd_*"
S="env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=3000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 GSB_RADIX_LARGE_BUCKETS_BY=passes"
for tool in memcheck synccheck; do
  part 60 $S compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_none:*/radix_i32_u64:*/radix_u64_none:*/radix_f64_u32:*/radix_u64_u64"
done
part 90 $S compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_f64_none"
part 150 "$G" --algo radix,radix-lsd,cub-radix --n 1e8 --type u32,f64 --dist few-unique,zipf,entropy-0.811,entropy-0.544,entropy-0.201,all-equal,sorted,uniform --reps 5 --json $OUT/skewed-1e8.json
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|tests ran" "$L" | head -60
