#!/usr/bin/env bash
# Session 79 round 3 (issue 19, radix): where 4-byte pairs' time goes at 2^22, 1e8 and 1e9 (u32+u32, one sort each under
# ncu at the GPU's own clocks, kernels serialised), beside u32 keys alone at 1e9 and cub-radix's kernels; `land` =
# 4fbef00 (CUDAARCHS=90-real; its radix code is main's). Not a timing: ncu runs each kernel alone.
set -u
source scripts/device-round.sh
L1=$(unpack .carry/land.tar.xz)
M1=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum
M2=$M1,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
prof() {  # name seconds metrics gpusort-bench args...
  local name=$1 t=$2 m=$3
  shift 3
  part "$t" ncu --clock-control none --metrics "$m" --csv --log-file "$OUT/ncu-$name.csv" \
    "$L1/gpusort-bench" --reps 1 --warmup 0 --validate none -q "$@"
}
prof pairs-2p22 60 "$M2" --algo radix --type u32 --values u32 --n 2^22
prof pairs-1e8 90 "$M2" --algo radix --type u32 --values u32 --n 1e8
prof cub-pairs-1e8 60 "$M2" --algo cub-radix --type u32 --values u32 --n 1e8
prof pairs-1e9 150 "$M1" --algo radix --type u32 --values u32 --n 1e9
prof keys-1e9 120 "$M1" --algo radix --type u32 --n 1e9
prof cub-pairs-1e9 120 "$M1" --algo cub-radix --type u32 --values u32 --n 1e9
# The same sorts timed (5 repetitions, validated) for the ratio in this call.
part 120 "$L1/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 --n 2^22,1e8,1e9 --reps 5 -q \
  --json "$OUT/t-pairs.json"
summary radix cub-radix t-
