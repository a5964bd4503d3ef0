#!/usr/bin/env bash
# Session 41, fifth call (about 7 min): the one-block sort with the codec's cheapest forms (with_encoder /
# with_decoder: none for unsigned ascending keys, one XOR for signed ones) against the build before it (round 4's:
# the select of encode and decode on every key; ncu at 4864 u32 keys 27,798 instructions against cub-radix's 27,366).
#  1. the two builds alternated twice, cub-radix in every run, every type x none/u32/u64 at 1e3 ... 16384;
#  2. ncu's time and instructions of the two one-block kernels at 4864 u32 keys;
#  3. device-run's conformance (GPU) of every radix case;
#  4. memcheck and synccheck over the one-block shapes through the tool (every key type, both orders), racecheck over
#     u32, i32, f32 and u64 keys;
#  5. the grid's columns 4864 ... 2^24 from this build (the sweep's radix-grid flags).
# Carry .carry/main.tar.xz (this build) and .carry/b-pdl.tar.xz (round 4's build).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
BUILDS="pdl=$(unpack .carry/b-pdl.tar.xz) codec=$M"
alternate 40 r5 --algo radix,cub-radix --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 \
  --n 1e3,2048,4864,7680,1e4,16384 --reps 30 -q
part 30 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum "$M/gpusort-bench" --algo radix,cub-radix \
  --type u32 --n 4864 --reps 1 --warmup 0 --validate none -q
left=$((LIMIT - SECONDS + T0 - 150))
GSB_CONFORMANCE_FILTER='*/radix_*' GSB_PARTS='conformance \(GPU\)' GSB_SKIP_SANITIZER=1 GSB_SKIP_BENCH=1 \
  timeout "$left" bash scripts/device-run.sh .carry/main.tar.xz "$OUT/dr" > "$OUT/dr.out" 2>&1
echo "=== device-run rc=$? ($(date -u +%T))" | tee -a "$L"
grep -h -A30 "=== summary" "$OUT"/dr/device.log | grep -v "skipped (GSB_PARTS)"
for tool in memcheck synccheck; do
  part 30 compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 20 "$M/gpusort-bench" --algo radix \
    --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32 --n 100,2048,4864,10240,16384 --order asc,desc --reps 1 \
    --warmup 0 -q
done
part 60 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$M/gpusort-bench" --algo radix \
  --type u32,i32,f32,u64 --n 2048,4864,10240 --order asc,desc --reps 1 --warmup 0 -q
part 40 "$M/gpusort-bench" --reps 10 --warmup 2 --json "$OUT/radix-grid.small-n.json" --algo radix,cub-radix \
  --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 --n 4864,1e4,1e5,1e6,1e7,2^24 --dist uniform --order asc -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|duration|inst_executed" "$L" | cut -c1-160 | tail -40
