#!/usr/bin/env bash
# Session 93 round 2 (issue 19, radix), kind nvidia-h200 with needs_h200: where u32+u32's time goes on the H200 at
# 2^22 (the segment sort's path, uniform and 64 distinct keys) and at 4.4e6 (just past its window: the 16-bit
# histogram and two MSD passes) -- ncu, one sort each, the GPU's own clocks, kernel by kernel. Build .carry/s91.tar.xz
# (the landed device code).
set -u
source scripts/device-round.sh
S=$(unpack .carry/s91.tar.xz)
profile pairs 90 "$S" --metrics gpu__time_duration.sum -- --algo radix --type u32 --values u32 --n 2^22,4.4e6 \
  --dist uniform,few-unique
