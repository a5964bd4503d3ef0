#!/usr/bin/env bash
# Session 41, third call (about 8 min): the LSD passes with programmatic dependent launch (dependent_launch.cuh: the
# bins kernel and every digit pass launched as dependents of the kernel before them, each waiting for it before it
# reads anything), one build, the launch switched off by GSB_DEPENDENT_LAUNCH=0:
#  1. off against on, the same inputs, alternated twice, cub-radix in every run: u8, u16, u32, u64, f32 x
#     none/u32/u64 at 16385 (the first n past the one-block path), 1e5, 1e6, 1e7 and 2^24; 1- and 2-byte keys with
#     values at 1e8 (LSD at every n);
#  2. device-run's conformance (GPU) of every radix case;
#  3. compute-sanitizer memcheck, racecheck and synccheck over the LSD passes in portions of one tile (a dependent
#     launch between portions, a bank cleared every 7 launches), quick sizes to 40000;
#  4. ncu's kernel durations of radix and cub-radix at 4864 u32 keys (the grid cell at 0.99x: the same block sort).
# Carry .carry/main.tar.xz (packed by scripts/pack-build.sh build/release main).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
for round in a b; do
  for mode in off on; do
    env=()
    [ "$mode" = off ] && env=(GSB_DEPENDENT_LAUNCH=0)
    part 60 env "${env[@]}" "$M/gpusort-bench" --algo radix,cub-radix --type u8,u16,u32,u64,f32 \
      --values none,u32,u64 --n 16385,1e5,1e6,1e7,2^24 --reps 20 --json "$OUT/r3-$mode-$round.json" -q
    part 40 env "${env[@]}" "$M/gpusort-bench" --algo radix,cub-radix --type u8,u16 --values u32,u64 --n 1e8 \
      --reps 10 --json "$OUT/r3-$mode-big-$round.json" -q
  done
done
left=$((LIMIT - SECONDS + T0 - 200))
GSB_CONFORMANCE_FILTER='*/radix_*' GSB_PARTS='conformance \(GPU\)' GSB_SKIP_SANITIZER=1 GSB_SKIP_BENCH=1 \
  timeout "$left" bash scripts/device-run.sh .carry/main.tar.xz "$OUT/dr" > "$OUT/dr.out" 2>&1
echo "=== device-run rc=$? ($(date -u +%T))" | tee -a "$L"
grep -h -A30 "=== summary" "$OUT"/dr/device.log | grep -v "skipped (GSB_PARTS)"
F='*/radix_lsd_u32_none:*/radix_lsd_u64_u64:*/radix_lsd_u16_u32:*/radix_lsd_f32_u64:*/radix_u8_u64'
for tool in memcheck racecheck synccheck; do
  part 60 env GSB_RADIX_PORTION_N=1 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=40000 compute-sanitizer \
    --tool "$tool" --error-exitcode 99 --print-limit 20 "$M/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=$F"
done
part 30 ncu --metrics gpu__time_duration.sum "$M/gpusort-bench" --algo radix,cub-radix --type u32 --n 4864 --reps 3 \
  --warmup 0 --validate none -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|Kernel|duration" "$L" | cut -c1-160 | tail -50
