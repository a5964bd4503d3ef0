#!/usr/bin/env bash
# Round 4 (session 33, H100): one-digit tiles from registers (NEW, round 18) against eabc0c3 (OLD, round 17's code),
# alternated on the second GPU; 4-byte keys at the skewed distributions (round 17's histograms); conformance, memcheck.
set -u
OLD=$(mktemp -d); tar -xJf .carry/old.tar.xz -C "$OLD"
NEW=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$NEW"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-420}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
"$OLD/gpusort-bench" --version | head -1 | tee -a "$L"; "$NEW/gpusort-bench" --version | head -1 | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
benchp() { part 70 "$1/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,i64 --values u32 --n 1e8 --dist uniform,entropy-0.201,zipf,few-unique --reps 5 --json $OUT/$2.json -q; }
bench4() { part 50 "$1/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 --values none --n 1e8 --dist uniform,entropy-0.201,zipf --reps 7 --json $OUT/$2.json -q; }
benchp "$OLD" s33r4-pairs-old-a; benchp "$NEW" s33r4-pairs-new-a
bench4 "$NEW" s33r4-4byte-new; bench4 "$OLD" s33r4-4byte-old
benchp "$NEW" s33r4-pairs-new-b; benchp "$OLD" s33r4-pairs-old-b
part 40 "$NEW/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u*:*/radix_i*:*/radix_f*:*/radix_lsd_*"
part 30 compute-sanitizer --tool memcheck --error-exitcode 99 --print-limit 20 "$NEW/gpusort-bench" --algo radix-lsd --type u32,u64,i32,f64 --values none,u32,u64 --n 2^20 --dist sorted,few-unique,zipf --order asc,desc --reps 1 --warmup 0 -q
grep -E "^=== |^rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" "$L" | cut -c1-200
