#!/usr/bin/env bash
# Round 7 of issue 19 (this session): the radix grid (n <= 2^28) once on an H100.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"; export LD_LIBRARY_PATH=$B
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u
timeout 560 scripts/sweep.sh --parts radix-grid --grid-runs main --no-plot --tool $B/gpusort-bench \
  --out $OUT/grid > $OUT/grid.log 2>&1; echo rc=$?
date -u
