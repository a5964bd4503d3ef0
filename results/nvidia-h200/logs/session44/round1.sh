#!/usr/bin/env bash
# Session 44, round 1 (about 8 min). Two questions in one call.
# (1) Persistent digit passes (E: main + pass_tiles, GSB_RADIX_PERSISTENT=1 against 0 in the same build, and
#     against main C): does loading the next tile while the current one looks back and scatters shorten the passes?
#     u32, u64, u32+u32, u64+u32 at 1e8 and 2^24 uniform, radix and radix-lsd with cub-radix in every run. (Its
#     correctness, conformance and the sanitizers with grids of two blocks, is the next call's, if it pays.)
# (2) (planned in session 43) the 8-byte pairs' LSD passes on low-entropy keys at 1e8: round 18's
#     code A = 891a134, B = 2ddd991, C = main, C0 = main with GSB_DEPENDENT_LAUNCH=0, each its own process, A B C C0
#     then C0 C B A: radix-lsd and cub-radix, u64 keys with u32 values and alone, entropy-0.201 / 0.337 / Zipf.
# Carry .carry/{main,exp,old-891a134,old-2ddd991}.tar.xz.
set -u
source scripts/device-round.sh
C=$(unpack .carry/main.tar.xz)
E=$(unpack .carry/exp.tar.xz)
A=$(unpack .carry/old-891a134.tar.xz)
B=$(unpack .carry/old-2ddd991.tar.xz)
pargs=(--algo radix,radix-lsd,cub-radix --type u32,u64 --values none,u32 --n 2^24,1e8 --reps 10 -q)
for r in a b; do
  part 45 env GSB_RADIX_PERSISTENT=0 "$E/gpusort-bench" "${pargs[@]}" --json "$OUT/E0-$r.json"
  part 45 env GSB_RADIX_PERSISTENT=1 "$E/gpusort-bench" "${pargs[@]}" --json "$OUT/E1-$r.json"
done
part 45 "$C/gpusort-bench" "${pargs[@]}" --json "$OUT/C-p.json"
# Where a pass's time goes, main against persistent: the hybrid path's two MSD passes of u32 keys at 1e8.
ncu_args=(--kernel-name regex:pass_kernel --launch-count 2 --section SpeedOfLight --section WarpStateStats
  --section SchedulerStats --section Occupancy)
part 60 ncu "${ncu_args[@]}" "$C/gpusort-bench" --algo radix --type u32 --n 1e8 --reps 1 --warmup 0 -q
part 60 env GSB_RADIX_PERSISTENT=1 ncu "${ncu_args[@]}" "$E/gpusort-bench" --algo radix --type u32 --n 1e8 --reps 1 \
  --warmup 0 -q
args=(--algo radix-lsd,cub-radix --type u64 --values u32,none --n 1e8 --dist entropy-0.201,entropy-0.337,zipf --reps 10 -q)
for r in a b; do
  order="A B C C0"; [ $r = b ] && order="C0 C B A"
  for x in $order; do
    case $x in
      A) part 40 "$A/gpusort-bench" "${args[@]}" --json "$OUT/A-$r.json" ;;
      B) part 40 "$B/gpusort-bench" "${args[@]}" --json "$OUT/B-$r.json" ;;
      C) part 40 "$C/gpusort-bench" "${args[@]}" --json "$OUT/C-$r.json" ;;
      C0) part 40 env GSB_DEPENDENT_LAUNCH=0 "$C/gpusort-bench" "${args[@]}" --json "$OUT/C0-$r.json" ;;
    esac
  done
done
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -30
