#!/usr/bin/env bash
# Session 39, round 4 (the session's last device time, about 400 s): the GPU conformance suite on main's build
# (52073dd, rounds 21 and 22 merged; round 3's sharded run of it ran past 300 s), in one process; then whether the
# hybrid path pays below its threshold now (hybrid_min_items = 2^24 + 2^22, measured 2026-11-24, before the in-place
# bucket kernels): radix with the path forced from n = 2 against radix-lsd and cub-radix, same run, same inputs.
# Carry .carry/main.tar.xz and .carry/device-run.sh (scripts/pack-build.sh build/release main).
set -u
LIMIT=330
source scripts/device-round.sh
A=$(unpack .carry/main.tar.xz)
GSB_PARTS='^conformance \(GPU\)$' GSB_SKIP_SANITIZER=1 GSB_SKIP_BENCH=1 timeout 220 \
  bash .carry/device-run.sh .carry/main.tar.xz "$OUT/dr" > "$OUT/dr.out" 2>&1
echo "=== device-run rc=$? ($(date -u +%T))" | tee -a "$L"
part 90 env GSB_RADIX_HYBRID_MIN_N=2 "$A/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,f32 --values none,u32 \
  --n 2^22,1e7,2^24,20971520 --reps 10 --json "$OUT/r4-hybrid-forced.json"
grep -E "^=== |^rc=" "$L" | cut -c1-200 | tail -6
grep -h -A3 "=== summary" "$OUT"/dr/device.log
grep -E "^(radix|radix-lsd|cub-radix) " "$L"
