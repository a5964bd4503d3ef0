#!/usr/bin/env bash
# Round 4 of issue 19 (this session): the radix grid's big sub-runs (n = 1e9) for the 4-byte key types and u64.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"; export LD_LIBRARY_PATH=$B
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u
timeout 560 scripts/sweep.sh --parts radix-grid --grid-runs big --grid-types ${TYPES:-u32,f32,i32,u64} --no-plot \
  --tool $B/gpusort-bench --out $OUT/grid > $OUT/grid.log 2>&1; echo rc=$?
date -u
