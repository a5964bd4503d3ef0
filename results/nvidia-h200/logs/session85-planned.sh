#!/usr/bin/env bash
# Planned in session 84 (issue 19, radix; not run: no device machine was lent that session). One call, about 330 s.
# Session 83's planned check (session84-planned.sh, sourced: it unpacks .carry/land.tar.xz as $N) of the landed
# build -- main's HEAD, whose radix kernels are 0c45fcb's (session 84 changed no machine code of them:
# scripts/same-code) -- then u32+u32 from 2^22 to 7e8 timed (--validate none) beside cub-radix, to see where the whole
# curve stands. Then session85-planned-exp.sh.
# Build here with CUDAARCHS=90-real into build/h200, pack with scripts/pack-build.sh build/h200 land.
set -u
source results/nvidia-h200/logs/session84-planned.sh
part 150 "$N/gpusort-bench" --algo radix,cub-radix --type u32 --values u32 --validate none --reps 3 --warmup 1 -q \
  --n 4194304,6e6,1e7,16777216,2e7,3e7,5e7,8e7,1e8,1.5e8,2e8,268435456,3e8,4e8,536870912,6e8,7e8 \
  --json "$OUT/sweep-land.json"
summary radix cub-radix
