#!/usr/bin/env bash
# Session 100, round 1 (issue 19), written for an H200 and run on an H100 (no H200 lent then; LIMIT=560, log in
# results/nvidia-h100/logs/session100/round1/): the in-place bucket kernels that carry positions (4-byte pairs' 22-row
# kernel at three blocks an SM and 32-row at two, u32+u32 uniform from about 5e8 on) sorted by runs, as the two-buffer
# kernels are (one counting round over 12 bits, each key placed by its atomic and ranked within its run by comparison),
# in place of two stable rounds ranked by 8 ballots a key each: `exp` (.carry/exp.tar.xz: exp.patch beside this
# script, on ffdfcc8) against main's device code (`main`, .carry/s96p.tar.xz). First exp's correctness (the forced
# in-place kernels' conformance and sanitizers), then the two in turn, twice; then session 98's profile of main where
# time is left.
# PARTS names the parts to run (all by default).
set -u
LIMIT=${LIMIT:-560}
. scripts/device-round.sh
M=$(unpack .carry/s96p.tar.xz)
E=$(unpack .carry/exp.tar.xz)
want() { [[ -z ${PARTS:-} || " $PARTS " == *" $1 "* ]]; }
if want parts; then  # the in-place kernels on host-made buckets, plain and under each sanitizer
  part 30 "$E/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
  for tool in memcheck racecheck synccheck; do
    part 60 compute-sanitizer --tool $tool --error-exitcode 9 "$E/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 \
      --gtest_filter=*InPlaceBuckets*
  done
fi
if want conformance; then
  for shape in 512-in-place 512-in-place-44; do
    part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$shape "$E/tests/gsb_conformance" \
      --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
  done
fi
if want sanitizers; then
  for shape in 512-in-place 512-in-place-44; do
    for tool in memcheck racecheck synccheck; do
      part 40 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$shape compute-sanitizer --tool $tool \
        --error-exitcode 9 "$E/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,20000 \
        --dist uniform,few-unique --order asc,desc --reps 1 --warmup 0 -q
    done
  done
fi
BUILDS="main=$M exp=$E"
! want ab || alternate 45 t --algo radix,cub-radix --type u32 --values u32 --n 2^29,7e8,8e8,1e9 --reps 3 --warmup 1 \
  --validate none -q
! want grid || part 60 "$E/gpusort-bench" --algo radix,cub-radix --type u32,f32 --values u32 --n 2^29,1e9 --reps 3 \
  --warmup 1 -q --json "$OUT/grid-exp.json"
# session 98's profile (round5.sh), its two parts first in use, of main and of exp
MET=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,sm__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size,launch__block_size,launch__registers_per_thread,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active
STL=smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_membar_per_issue_active.ratio,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,gpu__time_duration.sum
P=(--algo radix --type u32 --values u32)
! want pairs-1e9 || profile pairs-1e9 120 "$M" --metrics "$MET" -- "${P[@]}" --n 1e9
! want exp-1e9 || profile exp-1e9 120 "$E" --metrics "$MET,$STL" --kernel-name regex:bucket_sort -- "${P[@]}" --n 1e9
! want stalls-2p28 || profile stalls-2p28 60 "$M" --metrics "$STL" -- "${P[@]}" --n 2^28
summary radix cub-radix t
