#!/usr/bin/env bash
# Planned in session 84 (issue 19, radix; not run: no device machine was lent that session). One call, about 400 s,
# after session85-planned.sh (same tarball, .carry/land.tar.xz). Where 4-byte pairs lose to 1.5x now (u32+u32 2^29-7.7e8
# 1.31-1.36x, round 69): what bounds the two-block in-place kernels of 22 and 24 rows and the MSD passes there. One
# sort each under ncu (GPU's own clocks, kernels serialised; not a timing): the first two launches of the bucket
# kernel and of the passes, with the speed-of-light, occupancy and warp-state sections (stall reasons), at 2^29 (22
# rows) and 7.5e8 (24 rows); then the whole sort's kernels with time, DRAM bytes and shared-memory wavefronts.
set -u
source scripts/device-round.sh
L1=$(unpack .carry/land.tar.xz)
S=(--section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis)
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
M=$M,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed
prof() {  # name seconds ncu-args -- gpusort-bench args...
  local name=$1 t=$2
  shift 2
  local args=()
  while [ "$1" != -- ]; do args+=("$1"); shift; done
  shift
  part "$t" ncu --clock-control none "${args[@]}" --csv --log-file "$OUT/ncu-$name.csv" \
    "$L1/gpusort-bench" --reps 1 --warmup 0 --validate none -q --algo radix --type u32 --values u32 "$@"
}
prof bucket-2p29 90 "${S[@]}" --kernel-name regex:bucket_sort_kernel --launch-count 2 -- --n 2^29
prof pass-2p29 90 "${S[@]}" --kernel-name regex:pass_kernel --launch-count 2 -- --n 2^29
prof bucket-7.5e8 90 "${S[@]}" --kernel-name regex:bucket_sort_kernel --launch-count 2 -- --n 7.5e8
prof all-2p29 100 --metrics "$M" -- --n 2^29
summary radix cub-radix
