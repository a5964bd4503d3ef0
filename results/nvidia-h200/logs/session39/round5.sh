#!/usr/bin/env bash
# Session 39, round 5 (the last 260 s of device time): round 4 found the hybrid path 4-7% slower than the LSD passes
# at its threshold (2^24 + 2^22) for u32 and f32 keys, with and without u32 values. Where does it cross over now,
# and where for 8-byte keys (which the same threshold serves; u64 at 2^24: 1.047 hybrid / 1.065 LSD, 2026-11-27)?
# radix with the path forced from n = 2 against radix-lsd, same run, same inputs. Carry .carry/main.tar.xz.
set -u
LIMIT=130
source scripts/device-round.sh
A=$(unpack .carry/main.tar.xz)
part 70 env GSB_RADIX_HYBRID_MIN_N=2 "$A/gpusort-bench" --algo radix,radix-lsd --type u32,f32 --values none,u32 \
  --n 2.4e7,2.8e7,3.2e7 --reps 10 --json "$OUT/r5-4byte.json" -q
part 50 env GSB_RADIX_HYBRID_MIN_N=2 "$A/gpusort-bench" --algo radix,radix-lsd --type u64 --values none,u64 \
  --n 1e7,2^24,20971520 --reps 10 --json "$OUT/r5-8byte.json" -q
grep -E "^=== |^rc=" "$L" | cut -c1-200
