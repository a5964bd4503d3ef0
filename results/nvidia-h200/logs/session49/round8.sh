#!/usr/bin/env bash
# Session 49, round 8: the 16-bit histogram's blocks at small n. It takes one block an SM from 2^15 keys a block
# on; round 3's ncu found it reading 40 MB at 1.4 TB/s at 1e7 (29 us, most SMs flushing 32768 counters each with global
# atomics at its end). Slim builds of the landed tree (6861429 + results) with at least 2^17 (h17) or 2^18 (h18) keys a
# block, against final; u32 and u64 keys (hybrid path) and u16 keys (counting sort), alternated twice.
set -u
source scripts/device-round.sh
BUILDS="final=$(unpack .carry/final.tar.xz) h17=$(unpack .carry/h17.tar.xz) h18=$(unpack .carry/h18.tar.xz)"
alternate 40 hist --algo radix,cub-radix --type u32,u64,u16 --n 2^22,1e7,2^24,2.6e7 --reps 10 -q
grep -E "^=== |^rc=" "$L" | cut -c1-140
