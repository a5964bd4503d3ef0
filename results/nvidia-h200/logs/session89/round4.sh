#!/usr/bin/env bash
# Session 89 round 4 (issue 19, radix): where 4-byte pairs' time goes below 5e7 now (u32+u32 at 2^22, 1e7, 2^24 and
# 3e7, one sort each under ncu at the GPU's own clocks, kernels serialised; cub-radix's at 2^22), with the landed build
# (`pack3` = c319bb1's code, CUDAARCHS=90-real). Not a timing: ncu runs each kernel alone; the same sorts timed after.
set -u
source scripts/device-round.sh
L1=$(unpack .carry/pack3.tar.xz)
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,sm__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size,launch__block_size,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem
prof() {  # name seconds gpusort-bench args...
  local name=$1 t=$2
  shift 2
  part "$t" ncu --clock-control none --metrics "$M" --csv --log-file "$OUT/ncu-$name.csv" \
    "$L1/gpusort-bench" --reps 1 --warmup 0 --validate none -q "$@"
}
prof pairs-2p22 60 --algo radix --type u32 --values u32 --n 2^22
prof pairs-1e7 60 --algo radix --type u32 --values u32 --n 1e7
prof pairs-2p24 60 --algo radix --type u32 --values u32 --n 2^24
prof pairs-3e7 60 --algo radix --type u32 --values u32 --n 3e7
prof cub-pairs-2p22 60 --algo cub-radix --type u32 --values u32 --n 2^22
part 60 "$L1/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 2^22,1e7,2^24,3e7 --reps 10 -q \
  --json "$OUT/t-pairs.json"
summary radix cub-radix t-
