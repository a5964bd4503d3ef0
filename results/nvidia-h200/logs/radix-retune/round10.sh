#!/usr/bin/env bash
# Round 10 of issue 19 (this session): the final build (every Hopper row prefetching a quarter wave ahead):
# conformance of the radix family, then radix against cub-radix where the prefetch distance changed.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"; export LD_LIBRARY_PATH=$B
C=$B/tests/gsb_conformance
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u
timeout 60 $C --gtest_brief=1 --gtest_filter='*/radix_u*:*/radix_i*:*/radix_f*:*/radix_lsd_*' > $OUT/checks.log 2>&1; echo "conformance rc=$?"; tail -1 $OUT/checks.log
timeout 240 $B/gpusort-bench --algo radix,cub-radix --type u8,u16,u32,u64 --values none,u32,u64 --n 2^24,1e8,2^28 \
  --reps 10 --json $OUT/radix-prefetch-final.json > $OUT/bench.log 2>&1; echo "bench rc=$?"
date -u
