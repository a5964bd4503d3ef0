#!/usr/bin/env bash
# Session 41, seventh call (about 3 min): branch small-wide-items (round 6: 8-byte keys or values take 256 x 9 from
# 1025 keys, every bit sorted) checked before it lands: device-run's conformance (GPU) of every radix case, and
# compute-sanitizer memcheck, racecheck and synccheck over the shape through the tool (validated), both orders.
# Carry .carry/main.tar.xz (the branch's build, packed by scripts/pack-build.sh build/release main).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
for tool in memcheck racecheck synccheck; do
  part 60 compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 20 "$M/gpusort-bench" --algo radix \
    --type u8,u32,u64,i64,f64 --values none,u32,u64 --n 1025,1500,2048,2304 --order asc,desc --dist uniform,zipf \
    --reps 1 --warmup 0 -q
done
left=$((LIMIT - SECONDS + T0))
GSB_CONFORMANCE_FILTER='*/radix_*' GSB_PARTS='conformance \(GPU\)' GSB_SKIP_SANITIZER=1 GSB_SKIP_BENCH=1 \
  timeout "$left" bash scripts/device-run.sh .carry/main.tar.xz "$OUT/dr" > "$OUT/dr.out" 2>&1
echo "=== device-run rc=$? ($(date -u +%T))" | tee -a "$L"
grep -h -A30 "=== summary" "$OUT"/dr/device.log | grep -v "skipped (GSB_PARTS)"
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | cut -c1-160 | tail -20
