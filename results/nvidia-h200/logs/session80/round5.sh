#!/usr/bin/env bash
# Session 80 round 5 (issue 19, radix): round 4 found the 512-thread two-buffer shape by runs with 12 digit bits (w12)
# faster than the rule's shapes for u32+u32 at 4e8 (256 threads, 16 warps), 2^29 and 7.5e8 (in place); where does it
# start and end? land = decd051 (the rule), w12 = decd051 + w12.patch forced to that shape; u32+u32 at 2^28, 4e8, 2^29,
# 1e9; round a validated, round b --validate none.
set -u
source scripts/device-round.sh
LA=$(unpack .carry/land.tar.xz)
W12=$(unpack .carry/w12.tar.xz)
A=(--algo radix,cub-radix --type u32 --values u32 --n 2^28,4e8,2^29,1e9 --reps 3 --warmup 1 -q)
part 100 "$LA/gpusort-bench" "${A[@]}" --json "$OUT/t-rule-a.json"
part 100 env GSB_RADIX_BUCKET_THREADS=512 "$W12/gpusort-bench" "${A[@]}" --json "$OUT/t-w12-a.json"
part 70 "$LA/gpusort-bench" "${A[@]}" --validate none --json "$OUT/t-rule-b.json"
part 70 env GSB_RADIX_BUCKET_THREADS=512 "$W12/gpusort-bench" "${A[@]}" --validate none --json "$OUT/t-w12-b.json"
