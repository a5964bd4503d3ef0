#!/usr/bin/env bash
# Session 47, first call (planned in session 46, about 6 min): session 46's final build (3ea2c82: the bucket sort's
# shapes count the two buffers' held halves of 4-byte keys, NOTES.md round 30) was measured for u32 keys only
# (2^28, 2^29, 1e9; u32+u64 at 2^28). This call (1) checks its shapes as the host picks them at the sizes they changed
# (conformance cannot reach them: its sizes stop at 2^22), by timing every 4-byte key type there, every case validated;
# (2) re-runs the grid's 4-byte rows at 1e8, 2^27, 2^28 from it, to replace results/nvidia-h200/radix-grid.s46-4byte.json
# (fb312bc's) and redraw the heat map with
#   scripts/plot $(ls results/nvidia-h200/radix-grid.*.json | grep -v s46) results/nvidia-h200/radix-grid.json \
#     results/nvidia-h200/radix-grid.s46-4byte.json --out results/nvidia-h200/charts/radix-grid --format png,svg --charts ratio
# Prepare: CUDAARCHS=90-real bash scripts/build.sh; scripts/pack-build.sh build/release main. Move results/ out of the
# tree for the call if the carry and the tree pass 64 MiB, then put it back.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 200 "$M/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values none --n 2^29,7.5e8,1e9 --reps 5 -q \
  --json "$OUT/shapes-keys.json"
part 60 "$M/gpusort-bench" --algo radix,cub-radix --type i32,f32 --values u64 --n 2^28 --reps 5 -q \
  --json "$OUT/shapes-u64.json"
part 150 "$M/gpusort-bench" --reps 10 --warmup 2 --algo radix,cub-radix --type u32,i32,f32 --values none,u32,u64 \
  --n 1e8,2^27,2^28 --dist uniform --order asc --json "$OUT/radix-grid.s46-4byte.json"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -10
