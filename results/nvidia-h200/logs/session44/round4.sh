#!/usr/bin/env bash
# Session 44, round 4 (about 4 min): round 2 found the digit passes faster when they let the next kernel in only as
# their blocks end. H = main whose bucket-sort kernels (blocks and warps) do the same, against main (7d6ccb5),
# alternated twice: radix and cub-radix, u32 and u64 keys alone and with u32 values, 2^22 ... 1e8, uniform,
# entropy-0.811 and Zipf keys (the hybrid path; skewed buckets take several bucket launches). Carry
# .carry/{main,h}.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
H=$(unpack .carry/h.tar.xz)
args=(--algo radix,cub-radix --type u32,u64 --values none,u32 --n 2^22,1e7,2^24,1e8 --dist uniform,entropy-0.811,zipf
  --reps 10 -q)
for r in a b; do
  part 60 "$M/gpusort-bench" "${args[@]}" --json "$OUT/main-$r.json"
  part 60 "$H/gpusort-bench" "${args[@]}" --json "$OUT/h-$r.json"
done
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -8
