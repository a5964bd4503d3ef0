#!/usr/bin/env bash
# Session 93 round 4 (issue 19, radix): u8+u32's one-block sort at 2100-4864 keys as words of key over input position
# (small_packs forced by the shape: rounds of 4, 5 and 8 bits, then each value gathered once) against the kept
# pairs' block sort of one 8-bit round (k256x19b8) and cub-radix, each launched alone (tools/radix_bench small).
# Build .carry/s93d.tar.xz.
set -u
source scripts/device-round.sh
W=$(unpack .carry/s93d.tar.xz)
part 120 "$W/tools/radix_bench" small 2100,3073,3500,4864 50
