#!/usr/bin/env bash
# Session 41, second call (about 5 min): main with the one-block path to 10240 keys (512 x 20, every type but 8-byte
# keys with 8-byte values) and 16384 (512 x 32, keys of up to 4 bytes alone), from round 1's A/B.
#  1. the grid's 4864 and 1e4 columns (the sweep's radix-grid flags), every type, values none/u32/u64;
#  2. device-run's conformance of radix (GPU): the shapes' capacities are among its edge sizes;
#  3. compute-sanitizer memcheck, racecheck and synccheck over the two shapes through the tool (validated), both
#     orders, uniform and few-unique keys, every key width with values none/u32/u64.
# Carry .carry/main.tar.xz (packed by scripts/pack-build.sh build/release main).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 60 "$M/gpusort-bench" --reps 10 --warmup 2 --json "$OUT/radix-grid.small-n.json" --algo radix,cub-radix \
  --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 --n 4864,1e4 --dist uniform --order asc -q
for tool in memcheck racecheck synccheck; do
  t=60
  [ "$tool" = racecheck ] && t=120
  part "$t" compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 20 "$M/gpusort-bench" --algo radix \
    --type u8,u16,u32,u64,i32,f64 --values none,u32,u64 --n 7681,10240,10241,16384 --order asc,desc \
    --dist uniform,few-unique --reps 1 --warmup 0 -q
done
left=$((LIMIT - SECONDS + T0))
GSB_CONFORMANCE_FILTER='*/radix_*' GSB_PARTS='conformance \(GPU\)' GSB_SKIP_SANITIZER=1 GSB_SKIP_BENCH=1 \
  timeout "$left" bash scripts/device-run.sh .carry/main.tar.xz "$OUT/dr" > "$OUT/dr.out" 2>&1
echo "=== device-run rc=$? ($(date -u +%T))" | tee -a "$L"
grep -h -A30 "=== summary" "$OUT"/dr/device.log | grep -v "skipped (GSB_PARTS)"
grep -E "^=== |^rc=|ERROR SUMMARY|RACECHECK SUMMARY|fail" "$L" | cut -c1-160 | tail -30
