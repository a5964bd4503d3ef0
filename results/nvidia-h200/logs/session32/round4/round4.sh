#!/usr/bin/env bash
# Round 4 (session 32, H200): the digit passes' XOR for integer keys (build NEW) against de1e487 (OLD: the histograms'
# encoder only), alternated in one call; then the new build's conformance and memcheck / synccheck for integer keys.
set -u
OLD=$(mktemp -d); tar -xJf .carry/old.tar.xz -C "$OLD"
NEW=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$NEW"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-400}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
"$OLD/gpusort-bench" --version | head -1 | tee -a "$L"; "$NEW/gpusort-bench" --version | head -1 | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
benchk() { part 50 "$1/gpusort-bench" --algo radix,radix-lsd,cub-radix --type i32,i64,u32 --values none --n 1e8 --dist uniform,entropy-0.811,entropy-0.201,zipf --reps 7 --json $OUT/$2.json -q; }
benchv() { part 40 "$1/gpusort-bench" --algo radix,radix-lsd,cub-radix --type i32,i64 --values u32 --n 1e8 --dist uniform,entropy-0.201,zipf --reps 5 --json $OUT/$2.json -q; }
benchk "$OLD" s32r4-keys-old-a; benchk "$NEW" s32r4-keys-new-a
benchv "$NEW" s32r4-u32-new-a; benchv "$OLD" s32r4-u32-old-a
benchk "$NEW" s32r4-keys-new-b; benchk "$OLD" s32r4-keys-old-b
C=$NEW/tests/gsb_conformance
part 60 "$C" --gtest_brief=1 "--gtest_filter=*/radix_i*:*/radix_lsd_i*:*/radix_u32_*:*/radix_lsd_u32_*"
part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 "$C" --gtest_brief=1 "--gtest_filter=*/radix_i32_*:*/radix_i64_*:*/radix_u32_*"
for tool in memcheck synccheck; do
  cs="compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20"
  part 40 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 $cs "$C" --gtest_brief=1 "--gtest_filter=*/radix_lsd_i32_none:*/radix_lsd_i32_u32:*/radix_lsd_i64_u64:*/radix_lsd_u32_none"
  part 40 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 $cs "$C" --gtest_brief=1 "--gtest_filter=*/radix_i32_none:*/radix_i64_u32"
done
part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=*/radix_lsd_i32_none:*/radix_lsd_i64_u32"
grep -E "^=== |^rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" "$L" | cut -c1-160
