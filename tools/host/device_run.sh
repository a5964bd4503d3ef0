#!/bin/bash
# The reference sort's times on the device host (issue 19: at least 3x libstdc++'s parallel mode, measured there).
# Host only: no GPU is used. Run in the repository root after building the tool:
#   cmake --build build/release --target reference_bench && tools/host/device_run.sh
# Logs go to $OUT (default /tmp/reference_out); each line names n, key width, method, median and phases.
set -u
B=${REFERENCE_BENCH:-build/release/tools/reference_bench}
OUT=${OUT:-/tmp/reference_out}
mkdir -p "$OUT"
nproc | tee "$OUT/summary.txt"
# The issue's sizes: 1e8 (the runner's figure) and 2^27, 2^28 for 4-byte keys; skewed keys; huge pages' effect.
timeout 400 "$B" --reps 3 1e8 > "$OUT/uniform.log" 2>&1
timeout 300 "$B" --reps 3 --types u32 --methods old,new,gnu-par 134217728 268435456 > "$OUT/pow2.log" 2>&1
timeout 200 "$B" --reps 3 --dist and5 --methods old,combining,direct 1e8 > "$OUT/and5.log" 2>&1
timeout 200 "$B" --reps 3 --thp --methods old,new 1e8 > "$OUT/thp.log" 2>&1
grep -h "median" "$OUT"/*.log | tee -a "$OUT/summary.txt"
