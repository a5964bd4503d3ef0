#!/usr/bin/env bash
# Round 6 (session 27, H200, build 819cb44): every 4- and 8-byte key type x none/u32/u64 at 1e8.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$OUT/device.log"
timeout 200 "$B/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --n 1e8 --reps 10 --json "$OUT/r6-1e8.json" >>"$OUT/device.log" 2>&1
echo "rc=$?" | tee -a "$OUT/device.log"
