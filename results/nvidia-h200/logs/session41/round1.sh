#!/usr/bin/env bash
# Session 41, first call (about 3 min): one-block sorts past 7680 keys. Branch small-wide adds two shapes to the
# one-block path: 512 x 20 (10240 keys, every type) and 512 x 32 (16384, keys and values of up to 4 bytes); main
# sorts n > 7680 with the LSD passes (memset, histogram, bins, one launch a digit: u16+u64 at 1e4 32.8 us against
# cub-radix's 29.3, round 6 of session 40). Same inputs, the two builds alternated twice, cub-radix in every run.
# Carry .carry/b-main.tar.xz (98cd3d5) and .carry/b-wide.tar.xz (small-wide).
set -u
source scripts/device-round.sh
BUILDS="main=$(unpack .carry/b-main.tar.xz) wide=$(unpack .carry/b-wide.tar.xz)"
alternate 60 r1 --algo radix,cub-radix --type u8,u16,u32,u64,f32,f64 --values none,u32,u64 \
  --n 7681,1e4,10240,10241,12288,16384,16385 --reps 30 -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -30
