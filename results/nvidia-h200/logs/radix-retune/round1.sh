#!/usr/bin/env bash
set -u
B=$(mktemp -d); tar -xJf .carry/bench.tar.xz -C "$B"; export LD_LIBRARY_PATH=$B
R=$B/tools/radix_bench
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date -u
echo "== small"; timeout 120 $R small 2100,3500,4864 50 > $OUT/small.log 2>&1; echo rc=$?
echo "== counting"; timeout 150 $R counting 1e7,1e8,268435456 10 > $OUT/counting.log 2>&1; echo rc=$?
echo "== pairs"; timeout 300 $R pairs 16777216,1e8,268435456 10 > $OUT/pairs.log 2>&1; echo rc=$?
date -u
