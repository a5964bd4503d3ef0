#!/usr/bin/env bash
# Round 3 (session 36, H200): the skew sample's threshold relative to uniform keys (2cd6b08): 4-byte keys past 1.0e9,
# 8-byte keys and 4-byte pairs at 1e9 (judged skewed since a50480d), a skewed input at 1e9; then device-run.sh's
# forced sanitizer part.
set -u
NEW=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$NEW"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-570}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
"$NEW/gpusort-bench" --version | head -1 | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$NEW/gpusort-bench
part 45 "$G" --algo radix,cub-radix --type u32,i32 --n 2^30 --reps 5 --json $OUT/s36r3-4byte-2p30.json -q
part 40 "$G" --algo radix,cub-radix --type u32 --n 1.5e9 --reps 5 --json $OUT/s36r3-u32-1p5e9.json -q
part 50 "$G" --algo radix,cub-radix --type u64 --n 1e9 --reps 5 --json $OUT/s36r3-u64-1e9.json -q
part 60 "$G" --algo radix,cub-radix --type u32,u64 --values u32 --n 1e9 --reps 5 --json $OUT/s36r3-pairs-1e9.json -q
part 40 "$G" --algo radix,radix-lsd,cub-radix --type u32 --n 1e9 --dist zipf --reps 3 --json $OUT/s36r3-zipf-1e9.json -q
left=$((LIMIT - SECONDS + T0))
echo "=== device-run.sh forced sanitizer part ($(date -u +%T), ${left}s left)" | tee -a "$L"
GSB_SKIP_TESTS=1 GSB_SANITIZE_PART=forced GSB_SKIP_BENCH=1 GSB_PART_TIMEOUT=150 timeout $left \
  bash .carry/device-run.sh .carry/build.tar.xz $OUT/dr > $OUT/dr.out 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"
grep -E "^=== |^rc=" "$L" | cut -c1-160 | tail -14
grep -E "rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" $OUT/dr/device.log | tail -60
