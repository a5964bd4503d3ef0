#!/usr/bin/env bash
# Round 8 (session 30, H200, build 6f28208): the sanitizers over radix-lsd where full tiles of one digit occur (the
# short-circuit; n <= 70000, few-unique, all-equal, sorted), then every distribution at 1e8 (radix / cub-radix, one
# run each): 4-byte keys alone and with u32 values, 8-byte keys alone. The whole call within about 300 s.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,driver_version,serial --format=csv | tee -a "$L"
"$B/gpusort-bench" --version | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt 300 ]; then t=$((300 - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$B/gpusort-bench
C=$B/tests/gsb_conformance
S="env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000"
for tool in memcheck synccheck; do
  part 40 $S compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=*/radix_lsd_u32_none:*/radix_lsd_u64_u32:*/radix_lsd_f32_u64"
done
part 60 $S compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$C" --gtest_brief=1 "--gtest_filter=*/radix_lsd_u32_u32"
D=uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
part 110 "$G" --algo radix,cub-radix --type u32,i32,f32 --values none,u32 --n 1e8 --dist $D --reps 5 --json $OUT/radix-dist.round8-4byte.json -q
part 100 "$G" --algo radix,cub-radix --type u64,f64 --values none --n 1e8 --dist $D --reps 5 --json $OUT/radix-dist.round8-8byte.json -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -40
