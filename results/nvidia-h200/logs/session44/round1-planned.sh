#!/usr/bin/env bash
# Session 44, first call (planned in session 43, about 4 min): is the LSD passes' 2-6% on 8-byte keys with u32 values
# on low-entropy keys at 1e8 (NOTES.md round 27: u64+u32 entropy-0.201 6.928 ms in round 18, 7.170 in session 43, CUB
# equal to 0.1%) a change of code or sort-to-sort variation? Builds (helper's bisection, session 43):
#   A = 891a134, round 18's code (.carry/old-891a134.tar.xz, built in session 43: sm_90 only, tool and library)
#   B = 2ddd991, 28-bit look-back counts and two status banks, no dependent launches (.carry/old-2ddd991.tar.xz)
#   C = main (scripts/pack-build.sh build/release main), and C0 = C with GSB_DEPENDENT_LAUNCH=0 (b836c67 off)
# each its own process, A B C C0 then C0 C B A: radix-lsd and cub-radix (the control), u64 keys with u32 values and
# alone (a control), entropy-0.201, entropy-0.337 and Zipf (a control), 10 repetitions.
# Reading: C slower than C0 -> the dependent launches (b836c67); B ~ C0 > A -> 87fd3bc / 2ddd991 (split them next);
# all within the spread between processes of one build -> variation, not a regression.
set -u
source scripts/device-round.sh
A=$(unpack .carry/old-891a134.tar.xz)
B=$(unpack .carry/old-2ddd991.tar.xz)
C=$(unpack .carry/main.tar.xz)
args=(--algo radix-lsd,cub-radix --type u64 --values u32,none --n 1e8 --dist entropy-0.201,entropy-0.337,zipf --reps 10 -q)
for r in a b; do
  order="A B C C0"; [ $r = b ] && order="C0 C B A"
  for x in $order; do
    case $x in
      A) part 60 "$A/gpusort-bench" "${args[@]}" --json "$OUT/A-$r.json" ;;
      B) part 60 "$B/gpusort-bench" "${args[@]}" --json "$OUT/B-$r.json" ;;
      C) part 60 "$C/gpusort-bench" "${args[@]}" --json "$OUT/C-$r.json" ;;
      C0) part 60 env GSB_DEPENDENT_LAUNCH=0 "$C/gpusort-bench" "${args[@]}" --json "$OUT/C0-$r.json" ;;
    esac
  done
done
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -20
