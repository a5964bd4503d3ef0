#!/usr/bin/env bash
# Session 52, round 5: where the sort's time goes around the plan (a probe, not a change: bab3834's tree with CUDA events
# before the memset, after the plan and before the first MSD pass, and the host's clock at the sample's mark, at
# pass 1's and pass 2's enqueue and at the end, printed per sort; a stream synchronisation after each sort). Round 3
# found the histogram 5 us shorter under ncu at 1e7 with clusters of two, the timed sort 2 us: is the host's enqueue of
# pass 1 after the sample's mark the bound?
set -u
source scripts/device-round.sh
P=$(unpack .carry/probe.tar.xz)
for n in 4194304 6e6 1e7 16777216 1e8; do
  part 40 bash -c "'$P/gpusort-bench' --algo radix --type u32 --n $n --reps 10 --validate none -q 2>&1 | grep probe | tail -6"
done
part 30 bash -c "'$P/gpusort-bench' --algo radix --type u64 --n 1e7 --reps 10 --validate none -q 2>&1 | grep probe | tail -4"
part 30 bash -c "GSB_CLUSTER_LAUNCH=0 '$P/gpusort-bench' --algo radix --type u32 --n 1e7 --reps 10 --validate none -q 2>&1 | grep probe | tail -4"
