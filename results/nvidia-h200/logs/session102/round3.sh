#!/usr/bin/env bash
# Session 102, round 3 (issue 19), for an H100: u32+u32 Zipf at 8e8 and 1e9 is 0.986-0.989x cub-radix there (rounds 91
# and 92). The hybrid path's sample sends skewed 4-byte pairs to the LSD passes in the fallback's own shape
# (policy.cuh, hopper_fallback_shape: the segmented passes' 256 x 24, three blocks an SM, values through shared
# memory), tuned on the H200, where 8-byte keys with 4-byte values lost to the LSD row on the H100 (round 71:
# fallback_shape_pays). Does the LSD row (radix-lsd: 384 x 16, two blocks) beat that shape on the H100 for 4-byte
# pairs too? radix, radix-lsd and cub-radix on the same inputs, validated, main's device code (.carry/w768c.tar.xz):
# u32+u32 Zipf and entropy-0.811 at 1e9, Zipf and the entropies at 1e8, f32+u32 and i32+u32 Zipf at 1e9.
set -u
LIMIT=${LIMIT:-300}
. scripts/device-round.sh
W=$(unpack .carry/w768c.tar.xz)
B=(--algo radix,radix-lsd,cub-radix --values u32 --reps 3 --warmup 1 -q)
part 90 "$W/gpusort-bench" "${B[@]}" --type u32 --n 1e9 --dist zipf,entropy-0.811 --json "$OUT/skew-1e9.json"
part 45 "$W/gpusort-bench" "${B[@]}" --type u32 --n 1e8 --dist zipf,entropy-0.811,entropy-0.544,entropy-0.201 \
  --json "$OUT/skew-1e8.json"
part 60 "$W/gpusort-bench" "${B[@]}" --type f32,i32 --n 1e9 --dist zipf --json "$OUT/zipf-f32-i32.json"
summary radix-lsd radix
summary radix cub-radix
