#!/usr/bin/env bash
# Round 3 (session 37, H200, build 1d39fdf): the forced sanitizer parts round 2 did not reach (buckets past a block
# by passes, full tiles of one digit, pass parts), then radix-grid's big sub-run (n = 1e9) for u64 and u32.
set -u
NEW=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$NEW"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-560}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
"$NEW/gpusort-bench" --version | head -1 | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
GSB_PARTS='by passes|full tiles|pass parts' GSB_SKIP_TESTS=1 GSB_SANITIZE_PART=forced GSB_SKIP_BENCH=1 \
  part 330 bash .carry/device-run.sh "$NEW" $OUT/dr
for t in u64 u32 i64 f64; do
  GSB_TOOL=$NEW/gpusort-bench part 150 scripts/sweep.sh --parts radix-grid --grid-runs big --grid-types $t \
    --out $OUT/grid --no-plot
done
grep -E "^=== |^rc=" "$L" | cut -c1-160 | tail -14
grep -A40 "=== summary" $OUT/dr/device.log
grep -E "^=== |ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" $OUT/dr/device.log | tail -40
