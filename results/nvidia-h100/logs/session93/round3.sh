#!/usr/bin/env bash
# Session 93 round 3 (issue 19, radix): what one digit pass of 4-byte pairs costs by digit width -- the hybrid path's
# pass shape for u32+u32 (256 x 24, values through shared memory) as LSD passes of 8, 9, 10 and 11 bits
# (tools/radix_bench digits: each sort validated), then each pass kernel timed by ncu (the GPU's own clocks), at
# 4194304 and 1e7 pairs. Build .carry/s93c.tar.xz (main's code and this mode).
set -u
source scripts/device-round.sh
W=$(unpack .carry/s93c.tar.xz)
part 90 "$W/tools/radix_bench" digits 4194304,1e7 10
part 150 ncu --clock-control none --metrics gpu__time_duration.sum --csv --log-file "$OUT/ncu-digits.csv" \
  --kernel-name regex:"pass_kernel|histogram|bins" "$W/tools/radix_bench" digits 4194304,1e7 1
