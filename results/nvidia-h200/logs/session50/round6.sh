#!/usr/bin/env bash
# Session 50, round 6: where skewed keys' fallback spends its 20-26 us over radix-lsd (round 5: u32 entropy-0.201 at
# 6e6 173.6 vs 148.7 us). ncu kernel durations (clocks free) of one sort of the landed build (5f786e3): u32 keys at 6e6
# entropy-0.201 and uniform, and at 1e7 uniform (the folded top counts); radix-lsd on the skewed keys beside them.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
for c in "radix entropy-0.201 6e6" "radix-lsd entropy-0.201 6e6" "radix uniform 6e6" "radix uniform 1e7"; do
  set -- $c
  part 60 ncu --clock-control none --metrics gpu__time_duration.sum --csv --print-units base "$M/gpusort-bench" \
    --algo "$1" --type u32 --dist "$2" --n "$3" --reps 1 --warmup 0 --validate none -q
done
grep -E "^=== |^rc=" "$L" | cut -c1-160
