#!/usr/bin/env bash
# Session 45, round 6 (about 7 min): round 5's build lost 0.4-1.2% on u32+u32 (look_back rewritten around the walk:
# ptxas gave it 72 registers, not 80) and, stepping u64+u32 every 2 keys, gained its entropy-0.201 cell (6.96 ->
# 6.69 ms) but lost its Zipf cell (6.785 -> 6.89, under cub-radix's 6.87). Here look_back is the old loop again
# (LookBack only for stepped walks; the registers of every pair kernel as main's), and u64+u32 walks after the
# ranking (f0) or steps every 4 keys (f4). Checks on f4 (its code paths hold f0's but u64+u32's old one), then
# main / f0 / f4 alternated twice, cub-radix in every run, at 1e8. Carry .carry/{main,f0,f4}.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
F0=$(unpack .carry/f0.tar.xz)
F4=$(unpack .carry/f4.tar.xz)
part 250 env GSB_SKIP_BENCH=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_SANITIZE_PART=forced \
  GSB_PARTS='^conformance \(GPU\)|hybrid path from n = 2|counting sort from n = 2|compute-sanitizer [a-z]+ \(radix hybrid\)$|full tiles of one digit|radix pass parts' \
  bash scripts/device-run.sh "$F4" "$OUT/checks"
BUILDS="main=$M f0=$F0 f4=$F4"
alternate 45 cells --algo radix,cub-radix --type u32,u64 --values none,u32 --n 1e8 --dist uniform,entropy-0.201,zipf --reps 5 -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -8
grep -E "^=== |PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/checks/device.log" | tail -40
