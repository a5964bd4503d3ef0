#!/usr/bin/env bash
# Round 3 (session 31, H200): a skewed input's LSD histogram taken while the host reads the sample's mark.
# radix / radix-lsd / cub-radix at 1e8 (one run each: same inputs) on 4-byte keys and on 8-byte keys with u32
# values, then conformance of the radix family, the hybrid path forced from n = 2, and memcheck / synccheck of it.
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
D=uniform,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
part 100 "$G" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 --values none --n 1e8 --dist $D --reps 7 --json $OUT/radix-dist.s31r3-4byte.json -q
part 150 "$G" --algo radix,radix-lsd,cub-radix --type u64,i64 --values u32 --n 1e8 --dist $D --reps 5 --json $OUT/radix-dist.s31r3-8byte-u32.json -q
F='*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*'
part 120 "$C" --gtest_brief=1 "--gtest_filter=*/radix_*"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 "$C" --gtest_brief=1 "--gtest_filter=$F"
S="env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1"
for tool in memcheck synccheck; do
  part 60 $S compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_none:*/radix_f32_none:*/radix_u32_u32:*/radix_u64_none:*/radix_f64_u32"
  part 40 env GSB_RADIX_HYBRID_MIN_N=2 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$G" --algo radix --type u32,f64 --values none,u32 --n 2^20 --dist zipf,entropy-0.201,all-equal --reps 1 --warmup 0 -q
done
grep -E "^=== |^rc=|PASSED|FAILED|SKIPPED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -60
