#!/usr/bin/env bash
# Session 43, round 2: where the skewed inputs' fallback to the LSD passes spends its 30-37 us (round 1). Main against
# a build whose skew sample also writes its mark straight into mapped pinned memory, which the host polls
# (GSB_EXP=1: polled where main waits for its copy, after the histogram and plan are enqueued; GSB_EXP=2: polled
# before they are enqueued; GSB_EXP=0: main's copy on a second stream). radix, radix-lsd and cub-radix in one run,
# each variant twice in turn (rounds a, b).
# Carry .carry/main.tar.xz and .carry/exp.tar.xz (scripts/pack-build.sh build/release NAME).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
E=$(unpack .carry/exp.tar.xz)
args=(--algo radix,radix-lsd,cub-radix --type u32,i32 --values none,u32 --n 4194304,9e6,1.2e7,2^24,2.6e7
  --dist uniform,entropy-0.201,zipf --reps 5 -q)
for round in a b; do
  part 60 "$M/gpusort-bench" "${args[@]}" --json "$OUT/main-$round.json"
  for x in 0 1 2; do
    part 60 env GSB_EXP=$x "$E/gpusort-bench" "${args[@]}" --json "$OUT/exp$x-$round.json"
  done
done
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -20
