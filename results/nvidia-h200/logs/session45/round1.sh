#!/usr/bin/env bash
# Session 45, first call (planned in session 44, about 3 min): where a digit pass's time goes, by knock-outs. Session
# 44's persistent passes (NOTES.md round 28) showed the tile loads are not what the pass waits for (ncu: 0.60
# instructions issued per scheduler a cycle, no warp eligible 40% of cycles, DRAM 28% busy); this call bounds the
# rest. Builds from main with knockouts.patch (this folder) applied, each its own build folder and pack, sm_90 only:
#   K1: -DGSB_RADIX_KNOCKOUT=1  no look-back wait (each tile takes its predecessors' counts as 0)
#   K2: -DGSB_RADIX_KNOCKOUT=2  no scatter (the tile's global stores skipped)
#   K3: -DGSB_RADIX_KNOCKOUT=3  neither ranking (tile positions) nor scatter
# Their output is wrong by design: the tool reports the cases failed, and only ncu's kernel durations are read.
# Prepare (here): git apply results/nvidia-h200/logs/session45/knockouts.patch; for k in 1 2 3: cmake -S . -B build/k$k
#   -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90-real -DCMAKE_CUDA_FLAGS=-DGSB_RADIX_KNOCKOUT=$k &&
#   ninja -C build/k$k gpusort-bench && tar -cJf .carry/k$k.tar.xz -C build/k$k gpusort-bench $(cd build/k$k && ls libgsb.so*);
#   git checkout backends/; and .carry/main.tar.xz from scripts/pack-build.sh. Move results/ out of the tree for the call
#   (four packs of 12-14 MB and the tracked results, 35 MB, exceed the call's 64 MiB), then put it back.
# Reading: a pass's ncu duration under K1 bounds what a look-back off the critical path (a dedicated look-back warp,
# CCCL's warp-specialised scan) could save; K2 what the scatter's writes cost; K3 - K2 the ranking.
set -u
source scripts/device-round.sh
declare -A B
B[main]=$(unpack .carry/main.tar.xz)
for k in 1 2 3; do B[k$k]=$(unpack .carry/k$k.tar.xz); done
for x in main k1 k2 k3; do
  part 40 ncu --kernel-name regex:pass_kernel --launch-count 2 --section SpeedOfLight "${B[$x]}/gpusort-bench" \
    --algo radix --type u32 --n 1e8 --reps 1 --warmup 0 -q
  part 40 ncu --kernel-name regex:pass_kernel --launch-count 4 --section SpeedOfLight "${B[$x]}/gpusort-bench" \
    --algo radix-lsd --type u32 --n 1e8 --reps 1 --warmup 0 -q
  part 60 ncu --kernel-name regex:pass_kernel --launch-count 8 --section SpeedOfLight "${B[$x]}/gpusort-bench" \
    --algo radix-lsd --type u64 --values u32 --n 1e8 --dist entropy-0.201 --reps 1 --warmup 0 -q
done
grep -E "^=== |^rc=|Duration|pass_kernel<" "$L" | cut -c1-160 | tail -80
