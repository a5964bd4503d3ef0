#!/usr/bin/env bash
# Round 6 (session 28, H100, build b07c6d4): the in-place bucket sort on a second GPU (conformance with it forced,
# its 1e9 cells), then the grid columns not re-run on the H100 since round 10: 2^27 and n < 1e7.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt 575 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
C=$B/tests/gsb_conformance
G=$B/gpusort-bench
F='*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*'
part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place "$C" --gtest_brief=1 "--gtest_filter=$F"
A=radix,radix-lsd,cub-radix
part 70 "$G" --algo $A --type u32 --values none,u32 --n 1e9 --reps 5 --json "$OUT/r6-h100-u32-1e9.json"
part 80 "$G" --algo $A --type u64 --values none,u32 --n 1e9 --reps 5 --json "$OUT/r6-h100-u64-1e9.json"
part 150 "$G" --algo radix,cub-radix --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 --n 2^27 --reps 5 --json "$OUT/r6-h100-2p27.json"
part 120 "$G" --algo radix,cub-radix --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 --n 1,100,1e3,4864,1e4,1e5,1e6 --reps 20 --json "$OUT/r6-h100-small.json"
grep -E "^=== |^rc=|PASSED|FAILED|^radix |^radix-lsd|^cub" "$L" | grep -v "2\^27\|  1e[3-6] \|  4864 \|  100 \|   1 " 
