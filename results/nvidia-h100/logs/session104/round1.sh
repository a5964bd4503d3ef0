#!/usr/bin/env bash
# Session 104, round 1 on an H100 (issue 19; kind nvidia-h100-x1): the ceiling of one MSD pass of 4-byte pairs with
# tiles of 9216-16384 pairs beside 6144, in the model and in radix's own pass (tools/scatter_ceiling in
# .carry/s104.tar.xz: scripts/pack-build.sh build/release s104, main's device code), after session 103's round 1 on
# this GPU (../session103/round1/) had the 6144-pair tiles alone.
set -u
LIMIT=${LIMIT:-200}
. scripts/device-round.sh
M=$(unpack .carry/s104.tar.xz)
part 90 "$M/tools/scatter_ceiling" 268435456 1e9
summary radix cub-radix
