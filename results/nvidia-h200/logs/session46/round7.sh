#!/usr/bin/env bash
# Session 46, round 7 (about 4 min). The bucket sort's policy (shapes by resident warps) still counts whole keys, where
# its two-buffer launches now hold 4-byte keys' low halves (fb312bc). This build (`heldpolicy`, heldpolicy.patch)
# counts the halves: u32 keys alone at 2^28 (buckets to 4608 keys) then take 128-thread blocks (256 before), from 2^29
# to 1e9 (8916-16248) 256-thread blocks with two buffers (in place before); u32+u64 at 2^28 256 threads (in place
# before); u32+u32 unchanged. main (`2be6824`, packed from `fb312bc`: the same device code) / heldpolicy alternated
# twice with cub-radix in every run, every case validated. Carry .carry/{main,heldpolicy}.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
H=$(unpack .carry/heldpolicy.tar.xz)
BUILDS="main=$M held=$H"
alternate 70 keys --algo radix,cub-radix --type u32 --values none --n 2^28,2^29,1e9 --reps 5 -q
alternate 30 pairs --algo radix,cub-radix --type u32 --values u64 --n 2^28 --reps 5 -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -20
