#!/usr/bin/env bash
# Session 56, round 3 found the fallback's sample and verdict 0.75-1.2 us dear (vx, no sample: u32 entropy-0.544 at
# 4864 13.0-13.2 us against main's 13.8-13.9 and cub-radix's 12.8-12.9; ncu 12.06 against 12.96), and vc's 256 x 12
# shape good (skewed 4-byte keys at 2049-3072 1.01-1.16x, uniform 0.3-0.5 us faster). Here, on vc: `vd` (a
# diagnostic) without the test for keys all equal (a plain barrier); `vf` with key 0, which that test compares
# every key with, loaded with the keys rather than after the sample. Alternated twice against vc, cub-radix in
# each run; ncu of the kernel; the sanitizers over vc's one-block path (always and as it falls).
set -u
source scripts/device-round.sh
BUILDS=""
for b in vc vd vf; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 40 skew --algo radix,cub-radix --type u32,f32,u64 --values none,u32 \
  --dist uniform,few-unique,entropy-0.811,entropy-0.544,entropy-0.201,zipf --n 2049,2600,3000,4864,1e4 --reps 20 -q
M='gpu__time_duration.sum,smsp__inst_executed.sum,launch__registers_per_thread'
for c in "u32 4864" "u64 2049"; do
  for b in $BUILDS; do
    set -- $c
    part 25 ncu --cache-control all --clock-control none -k regex:small_sort --launch-skip 3 --launch-count 1 \
      --metrics "$M" "${b#*=}/gpusort-bench" --algo radix --type $1 --n $2 --dist entropy-0.544 --reps 5 -q
  done
done
part 200 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_PARTS='^compute-sanitizer .*\(radix one block' \
  GSB_PART_TIMEOUT=75 bash .carry/device-run.sh .carry/vc.tar.xz "$OUT/sanitizer"
grep -E "^=== |^rc=|PASSED|FAILED|gpu__time|inst_exec|registers" "$L" | cut -c1-180
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/sanitizer/device.log | sort | uniq -c
