#!/usr/bin/env bash
# Session 46, round 2 (about 6 min): where the bucket sort's time goes, and one change to it.
#   narrow: the two-buffer bucket sort holds the low 16 bits of 4-byte keys in shared memory (the bucket's number
#           is their top 16 bits), half the bytes a key: u32 keys at 1e8 (buckets of about 1526 keys, 128-thread
#           blocks) go from 11 to 16 blocks resident an SM. Shapes and capacities as main's.
#   ko1..ko3: diagnostic builds of narrow (ko.patch in this folder; wrong output by design, only ncu's durations are
#           read): ko1 no round 1 (the stable round by bits 8..15), ko2 no rounds (neither round 0's counting sort
#           nor round 1; the scans and barriers kept), ko3 as ko2 and no counting in the load (load and store only).
# ncu's durations of bucket_sort_kernel, u32 keys at 1e8 (ncu runs the SMs at 1.5 GHz), then main / narrow
# alternated twice, cub-radix in every run. Carry .carry/{mainl,narrow,ko1,ko2,ko3}.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/mainl.tar.xz)
N=$(unpack .carry/narrow.tar.xz)
declare -A B=([main]=$M [narrow]=$N)
for k in 1 2 3; do B[ko$k]=$(unpack .carry/ko$k.tar.xz); done
for x in main narrow; do
  part 60 ncu --kernel-name regex:bucket_sort_kernel --launch-count 1 --section SpeedOfLight --section Occupancy \
    --section WarpStateStats --section SchedulerStats --section LaunchStats "${B[$x]}/gpusort-bench" \
    --algo radix --type u32 --n 1e8 --reps 1 --warmup 0 -q
done
for x in ko1 ko2 ko3; do
  part 40 ncu --kernel-name regex:bucket_sort_kernel --launch-count 1 --section SpeedOfLight "${B[$x]}/gpusort-bench" \
    --algo radix --type u32 --n 1e8 --reps 1 --warmup 0 -q
done
BUILDS="main=$M narrow=$N"
alternate 60 cells --algo radix,cub-radix --type u32 --values none,u32,u64 --n 1e7,2^24,1e8,2^28 --reps 5 -q
alternate 30 f32 --algo radix,cub-radix --type f32,i32 --values none --n 1e8 --reps 5 -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -12
grep -E "Duration|bucket_sort_kernel<|Achieved Occupancy|Theoretical Occupancy|Issued Warp|No Eligible|Block Limit Shared|Dynamic Shared|Warp Cycles Per Issued" "$L" | cut -c1-150 | head -60
