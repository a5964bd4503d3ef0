#!/usr/bin/env bash
# Round 2 (session 30, H200, build 1adf88a): the one-digit tile short-circuit and the early sample read-back:
# conformance of radix and radix-lsd, then skewed distributions at 1e8 (radix / radix-lsd / cub-radix).
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,driver_version,serial --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt 580 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$B/gpusort-bench
part 150 "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_*:*/radix_lsd_*"
part 200 "$G" --algo radix,radix-lsd,cub-radix --n 1e8 --type u32,f64 --dist few-unique,zipf,entropy-0.811,sorted,nearly-sorted,uniform --reps 5 --json $OUT/skewed-1e8.json
part 120 "$G" --algo radix,radix-lsd,cub-radix --n 2^28 --type u64 --values u32 --dist zipf,nearly-sorted --reps 5 --json $OUT/skewed-u64u32-2p28.json
grep -E "^=== |^rc=|PASSED|FAILED|tests ran" "$L" | head -40
