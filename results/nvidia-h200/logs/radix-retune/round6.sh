#!/usr/bin/env bash
# Round 6 of issue 19 (this session): the radix grid's big sub-runs (n = 1e9) for i64, f64, u8, u16, and the xl
# point (2^32+17, u32 keys alone).
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"; export LD_LIBRARY_PATH=$B
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u
timeout 330 scripts/sweep.sh --parts radix-grid --grid-runs big --grid-types i64,f64,u8,u16 --no-plot \
  --tool $B/gpusort-bench --out $OUT/grid > $OUT/grid-big.log 2>&1; echo rc=$?
date -u
timeout 240 scripts/sweep.sh --parts radix-grid --grid-runs xl --grid-xl-values none --no-plot \
  --tool $B/gpusort-bench --out $OUT/grid > $OUT/grid-xl.log 2>&1; echo rc=$?
date -u
