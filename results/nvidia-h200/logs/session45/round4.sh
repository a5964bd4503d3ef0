#!/usr/bin/env bash
# Session 45, round 4 (about 6 min): round 3's early look-back (LookBack begun after the tile publishes its counts,
# stepped every N ranked keys) gained 2-4% for keys alone with N = 2 and lost up to 4% for u32+u32 (look-back window
# 8). Here the other key and value widths, and N = 1, against main,
# alternated twice, cub-radix in every run, 1e8, uniform and entropy-0.201.
set -u
source scripts/device-round.sh
BUILDS=""
for x in main s1 s2; do BUILDS+=" $x=$(unpack .carry/$x.tar.xz)"; done
keys=(--algo radix,radix-lsd,cub-radix --type u8,u16,u32,u64 --n 1e8 --dist uniform,entropy-0.201 --reps 5 -q)
pairs=(--algo radix,cub-radix --type u8,u16,u32,u64 --values u32,u64 --n 1e8 --dist uniform,entropy-0.201 --reps 5 -q)
alternate 35 keys "${keys[@]}"
alternate 80 pairs "${pairs[@]}"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -30
