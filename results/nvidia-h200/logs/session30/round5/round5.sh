#!/usr/bin/env bash
# Round 5 (session 30, H200): round 3 again with round 4's fixes (the segment table from the plan's per-top counts,
# the bucket sort in size classes, the segment histogram's loads 8 at a time): conformance, sanitizers, skewed timings.
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
S="env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=3000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 GSB_RADIX_LARGE_BUCKETS_BY=passes"
for tool in memcheck synccheck; do
  part 60 $S compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_none:*/radix_i32_u64:*/radix_u64_none:*/radix_f64_u32:*/radix_u64_u64"
done
part 90 $S compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_f64_none"
part 120 "$G" --algo radix,radix-lsd,cub-radix --n 1e8 --type u32,f64 --dist few-unique,zipf,entropy-0.811,entropy-0.544,all-equal,uniform --reps 5 --json $OUT/skewed-1e8.json
part 90 "$G" --algo radix,radix-lsd,cub-radix --n 2^28 --type u64 --values u32 --dist zipf,few-unique --reps 5 --json $OUT/skewed-u64u32-2p28.json
for d in zipf; do for t in u32 f64; do
  part 60 ncu --clock-control none --metrics gpu__time_duration.sum "$G" --algo radix --type $t --n 1e8 --dist $d --reps 1 --warmup 0 --validate none -q
done; done
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|tests ran" "$L" | head -60
