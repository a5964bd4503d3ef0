#!/usr/bin/env bash
# Round 3 (session 32, H200): the histograms' keys encoded by with_encoder's cheapest form (build NEW) against build
# 9bbe7fa (OLD, main before it), in one call on one GPU, each binary with cub-radix in its own run, the two orders
# alternated; then the new build's radix conformance and the three sanitizers over the histograms' paths.
set -u
OLD=$(mktemp -d); tar -xJf .carry/old.tar.xz -C "$OLD"
NEW=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$NEW"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-570}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
"$OLD/gpusort-bench" --version | tee -a "$L"; "$NEW/gpusort-bench" --version | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
D4=uniform,few-unique,entropy-0.811,entropy-0.201,zipf
bench4() { part 60 "$1/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 --values none --n 1e8 --dist $D4 --reps 7 --json $OUT/$2.json -q; }
bench8() { part 60 "$1/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,f64 --values none,u32 --n 1e8 --dist uniform,zipf --reps 5 --json $OUT/$2.json -q; }
bench4 "$OLD" s32r3-4byte-old-a; bench4 "$NEW" s32r3-4byte-new-a
bench8 "$NEW" s32r3-8byte-new-a; bench8 "$OLD" s32r3-8byte-old-a
bench4 "$NEW" s32r3-4byte-new-b; bench4 "$OLD" s32r3-4byte-old-b
C=$NEW/tests/gsb_conformance
part 90 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u*:*/radix_i*:*/radix_f*:*/radix_lsd_*"
part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
part 40 env GSB_RADIX_COUNTING_MIN_N=2 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u8_none:*/radix_u16_none"
for tool in memcheck racecheck synccheck; do
  cs="compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20"
  part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 $cs "$C" --gtest_brief=1 "--gtest_filter=*/radix_lsd_u32_none:*/radix_lsd_i32_u32:*/radix_lsd_f32_none:*/radix_lsd_f64_none:*/radix_lsd_i64_u64"
  part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 GSB_RADIX_COUNTING_MIN_N=2 $cs "$C" --gtest_brief=1 "--gtest_filter=*/radix_u16_none"
  part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 $cs "$C" --gtest_brief=1 "--gtest_filter=*/radix_i32_none:*/radix_f32_none"
done
grep -E "^=== |^rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" "$L" | cut -c1-200
