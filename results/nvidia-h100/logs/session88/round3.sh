#!/usr/bin/env bash
# Session 88 round 3 (issue 19, radix): the H100 grid's cells that no call has reached (round 71 left them: its part
# ran out of time), with the landed build (5b475ac's code, CUDAARCHS=90-real; scripts/pack-build.sh build/release
# fix): u16 and u8 keys at 1e9 (values none, u32, u64), f64+u64 at 1e9, and 2^32+17 for i32 and f32 keys alone and
# u32+u32, as far as LIMIT allows. Each validated, 5 repetitions, as the grid's other runs. Run from the repository
# root with the tarball in .carry/.
set -u
LIMIT=${LIMIT:-470}
source scripts/device-round.sh
F=$(unpack .carry/fix.tar.xz)
G=(env GSB_TOOL="$F/gpusort-bench" scripts/sweep.sh --parts radix-grid --reps 5 --no-plot --out "$OUT/grid")
part 200 "${G[@]}" --grid-runs big --grid-types u16,u8
part 45 "$F/gpusort-bench" --algo radix,cub-radix --type f64 --values u64 --n 1e9 --reps 5 --warmup 2 \
  --json "$OUT/grid/radix-grid.s88-big-f64-u64.json"
part 120 "${G[@]}" --grid-runs xl --grid-xl-types i32,f32 --grid-xl-values none
part 90 "${G[@]}" --grid-runs xl --grid-xl-types u32 --grid-xl-values u32
summary radix cub-radix
