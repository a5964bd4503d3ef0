#!/usr/bin/env bash
# Session 93 round 2 (issue 19, radix): u8+u32's one-block shapes with 8-bit digits ranked by warps, launched alone
# (tools/radix_bench small: 256 x 19 -- the shape round 1 timed in the tool --, 384 x 13, 512 x 10, 1024 x 5), against
# cub-radix in the same run, at 2100-4864 keys. Build .carry/s93b.tar.xz.
set -u
source scripts/device-round.sh
W=$(unpack .carry/s93b.tar.xz)
part 120 "$W/tools/radix_bench" small 2100,3073,3500,4864 50
