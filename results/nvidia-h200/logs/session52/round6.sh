#!/usr/bin/env bash
# Session 52, round 6: the front of the hybrid path, part by part (a probe, not a change: 8635d05's tree with CUDA
# events before and after the memset, after the 16-bit histogram (which waits for the sample beside it) and after the
# plan, which is launched after the histogram has completed rather than as its programmatic dependent; a stream
# synchronisation after each sort). Round 5 found the sort's start to the plan's end 41 us at 1e7, ncu's histogram and
# plan 31 of them.
set -u
source scripts/device-round.sh
P=$(unpack .carry/probe.tar.xz)
for t in 'u32 4194304' 'u32 1e7' 'u32 16777216' 'u32 1e8' 'u64 1e7' 'u32 1e7 u32'; do
  set -- $t
  part 40 bash -c "'$P/gpusort-bench' --algo radix --type $1 --n $2 --values ${3:-none} --reps 10 --validate none -q 2>&1 | grep probe2 | tail -5"
done
part 30 bash -c "GSB_CLUSTER_LAUNCH=0 '$P/gpusort-bench' --algo radix --type u32 --n 1e7 --reps 10 --validate none -q 2>&1 | grep probe2 | tail -5"
