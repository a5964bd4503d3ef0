#!/usr/bin/env bash
# Session 39, round 3: main after rounds 21 and 22 merged (the packed-count kernels and the 28-bit look-back counts,
# together for the first time): the grid's xl sub-run (u32 keys and u32+u32 at 2^32+17, the committed
# radix-grid.xl-u32.json); the GPU conformance suite, every hybrid conformance part and the pass parts; memcheck and
# synccheck over the hybrid path with one-tile portions (the 3-bit stamps wrap every 7 launches) and over the
# 52-row kernel forced; then the 4-byte types at 2^30 and 1.5e9 round 1 did not reach. Carry the build:
#   CUDAARCHS=90-real scripts/build.sh && scripts/pack-build.sh build/release main   (.carry/main.tar.xz, device-run.sh)
set -u
source scripts/device-round.sh
A=$(unpack .carry/main.tar.xz)
mkdir -p "$OUT/grid"
part 200 env GSB_TOOL="$A/gpusort-bench" scripts/sweep.sh --parts radix-grid --grid-runs xl --no-plot --out "$OUT/grid"
left=$((LIMIT - SECONDS + T0 - 100))
GSB_PARTS='conformance \(GPU\)|conformance \(radix hybrid|radix pass parts|(memcheck|synccheck) \(radix hybrid(, in-place buckets of 52 rows)?\)' \
  GSB_SANITIZE_PART=forced GSB_SKIP_BENCH=1 timeout "$left" bash .carry/device-run.sh .carry/main.tar.xz "$OUT/dr" \
  > "$OUT/dr.out" 2>&1
echo "=== device-run rc=$? ($(date -u +%T))" | tee -a "$L"
part 100 "$A/gpusort-bench" --algo radix,cub-radix --type i32,f32 --n 2^30,1.5e9 --reps 3 --json "$OUT/r3-i32-f32.json" -q
grep -E "^=== |^rc=" "$L" | cut -c1-200 | tail -12
grep -h -A60 "=== summary" "$OUT"/dr/device.log | grep -v "skipped (GSB_PARTS)"
