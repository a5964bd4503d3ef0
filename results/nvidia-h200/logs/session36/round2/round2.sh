#!/usr/bin/env bash
# Round 2 (session 36, H200): u32 keys alone in place to 26624 keys (NEW default) against the two-buffer 512-thread
# block those buckets took before (GSB_RADIX_BUCKET_THREADS=512, the same kernel as main before this change), both
# in this binary; in-place conformance; then device-run.sh's default sanitizer part.
set -u
NEW=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$NEW"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-585}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
"$NEW/gpusort-bench" --version | head -1 | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$NEW/gpusort-bench
part 50 "$G" --algo radix,radix-lsd,cub-radix --type u32 --n 2^30,1.5e9 --reps 5 --json $OUT/s36r2-u32-new.json -q
part 40 env GSB_RADIX_BUCKET_THREADS=512 "$G" --algo radix --type u32 --n 2^30,1.5e9 --reps 5 --json $OUT/s36r2-u32-old.json -q
part 40 "$G" --algo radix,cub-radix --type i32,f32 --n 2^30 --reps 5 --json $OUT/s36r2-i32f32-new.json -q
part 40 "$G" --algo radix,cub-radix --type u32 --n 1.2e9,1.65e9 --reps 5 --json $OUT/s36r2-u32-more.json -q
C=$NEW/tests/gsb_conformance
F="--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place "$C" --gtest_brief=1 "$F"
part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 "$C" --gtest_brief=1 "$F"
left=$((LIMIT - SECONDS + T0))
echo "=== device-run.sh default sanitizer part ($(date -u +%T), ${left}s left)" | tee -a "$L"
GSB_SKIP_TESTS=1 GSB_SANITIZE_PART=default GSB_SKIP_BENCH=1 GSB_PART_TIMEOUT=200 timeout $left \
  bash .carry/device-run.sh .carry/build.tar.xz $OUT/dr > $OUT/dr.out 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"
grep -E "^=== |^rc=|PASSED|FAILED" "$L" | cut -c1-200 | tail -40
grep -E "rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" $OUT/dr/device.log | tail -30
