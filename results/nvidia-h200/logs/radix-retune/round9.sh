#!/usr/bin/env bash
# Round 9 of issue 19 (this session): the kept tunings' L2 prefetch distance on an H200 (the H100 grid lost where the
# H200 won; the same comparison here).
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"; tar -xJf .carry/bench.tar.xz -C "$B"; export LD_LIBRARY_PATH=$B
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u
timeout 400 $B/tools/radix_bench prefetch 16777216,1e8 10 > $OUT/prefetch.log 2>&1; echo rc=$?
date -u
