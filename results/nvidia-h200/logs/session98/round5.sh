#!/usr/bin/env bash
# Session 98, round 5 on an H200 (issue 19): where 4-byte pairs' time goes now where they are short of 1.5x cub-radix
# (u32+u32 at 2^24 1.39x, 2^28 1.46x, 1e9 1.36x): one sort each under ncu at the GPU's own clocks, kernels serialised,
# main's device code (.carry/s96p.tar.xz); the bucket kernels' and passes' stall reasons at 2^28; cub-radix's kernels
# at 2^28. Not a timing: the sorts are timed after, validated. The same script serves an H100
# (results/nvidia-h100/logs/session98/round5.sh runs it). PARTS names the parts to run (all by default), as session 93's
# round1.sh does: where device time is short, PARTS="stalls-2p28 pairs-1e9".
set -u
LIMIT=${LIMIT:-480}
. scripts/device-round.sh
N=$(unpack .carry/s96p.tar.xz)
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,sm__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size,launch__block_size,launch__registers_per_thread,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active
S=smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_membar_per_issue_active.ratio,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,gpu__time_duration.sum
P=(--algo radix --type u32 --values u32)
want() { [[ -z ${PARTS:-} || " $PARTS " == *" $1 "* ]]; }
! want pairs-2p24 || profile pairs-2p24 40 "$N" --metrics "$M" -- "${P[@]}" --n 2^24
! want pairs-2p28 || profile pairs-2p28 60 "$N" --metrics "$M" -- "${P[@]}" --n 2^28
! want pairs-1e9 || profile pairs-1e9 120 "$N" --metrics "$M" -- "${P[@]}" --n 1e9
! want stalls-2p28 || profile stalls-2p28 60 "$N" --metrics "$S" -- "${P[@]}" --n 2^28
! want cub-2p28 || profile cub-2p28 60 "$N" --metrics "$M" -- --algo cub-radix --type u32 --values u32 --n 2^28
! want timed || part 60 "$N/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 --n 2^24,2^28 --reps 5 -q --json "$OUT/t-pairs.json"
