#!/usr/bin/env bash
# Session 40, ninth call (about 1 min): rounds 7-8 bisected the u16+u64 1e4 regression to two steps, 9837b73 (26.3 ->
# 29.8 us) and after 2ebcb12 (29.3 -> 32.8). ncu's full set on the first digit pass (2 tiles) of bc0fe28 and e3de2e4,
# to see where the extra time goes (warp states, instructions, memory).
# Carry .carry/b-bc0fe28.tar.xz, .carry/b-e3de2e4.tar.xz.
set -u
source scripts/device-round.sh
for c in bc0fe28 e3de2e4; do
  D=$(unpack .carry/b-$c.tar.xz)
  part 90 ncu --set full -k regex:pass_kernel -c 1 --import-source no -o "$OUT/r9-$c" "$D/gpusort-bench" --algo radix \
    --type u16 --values u64 --n 1e4 --reps 1 --warmup 0 --validate none -q
  part 30 ncu --import "$OUT/r9-$c.ncu-rep" --print-summary none --page details --csv > "$OUT/r9-$c.csv"
done
ls -la "$OUT"
