#!/usr/bin/env bash
# Round 1 (session 37, H200, build 1d39fdf): 4-byte keys at 2^30, 1e9 and 1.5e9 (the 52-row in-place bucket sort
# past 32 rows, cc638bd), then device-run.sh's tests part (conformance incl. "buckets past a block").
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
part 90 "$G" --algo radix,radix-lsd,cub-radix --type u32 --n 2^30,1e9 --reps 5 --json $OUT/s37r1-u32-2p30-1e9.json -q
part 50 "$G" --algo radix,cub-radix --type u32 --n 1.5e9 --reps 5 --json $OUT/s37r1-u32-1p5e9.json -q
part 40 "$G" --algo radix,cub-radix --type i32 --n 2^30 --reps 5 --json $OUT/s37r1-i32-2p30.json -q
left=$((LIMIT - SECONDS + T0))
echo "=== device-run.sh tests part ($(date -u +%T), ${left}s left)" | tee -a "$L"
GSB_SKIP_SANITIZER=1 GSB_SKIP_BENCH=1 timeout $left \
  bash .carry/device-run.sh .carry/build.tar.xz $OUT/dr > $OUT/dr.out 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"
grep -E "^=== |^rc=" "$L" | cut -c1-160 | tail -14
grep -A40 "=== summary" $OUT/dr/device.log
grep -E "PASSED|FAILED|passed|failed" $OUT/dr/device.log | tail -40
