#!/usr/bin/env bash
# Session 41, sixth call (about 2 min): 8-byte keys or values at 1025-2304 keys, where round 5 found radix 5-12%
# behind cub-radix at 2048 (u8+u64 6.85 against 6.0 us, u64 17.5 against 16.45): main sorts them with 256 x 8 (to
# 2048) and 256 x 9 (to 2304), both ORing the bits in which the keys differ first; branch small-wide-items takes
# 256 x 9 from 1025 for them, sorting every bit (as cub-radix's single tile). Uniform keys, where the OR saves
# nothing, and Zipf keys (small ranks: most high bits equal, where it saves rounds); the two builds alternated twice,
# cub-radix in every run.
# Carry .carry/b-main.tar.xz (main) and .carry/b-items.tar.xz (the branch).
set -u
source scripts/device-round.sh
BUILDS="main=$(unpack .carry/b-main.tar.xz) items=$(unpack .carry/b-items.tar.xz)"
alternate 40 r6 --algo radix,cub-radix --type u8,u32,u64,i64,f64 --values none,u32,u64 --n 1000,1025,1536,2048,2304 \
  --dist uniform,zipf --reps 30 -q
grep -E "^=== |^rc=" "$L" | cut -c1-160 | tail -20
