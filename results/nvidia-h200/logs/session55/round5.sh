#!/usr/bin/env bash
# Session 55, round 5: round 4's ncu found v5's estimate 1,568-1,744 instructions longer than v2 (u32 at 4864: all-equal
# 2,816 -> 4,384, 3.30 -> 3.71 us): every thread summed 16 warps' words in 64 bits. `v6` (943c179): the barrier after
# the sample tells whether any key differs (__syncthreads_or), each lane takes a warp's packed sums and one warp
# reduction adds them, the budget compared in floats. Alternated twice against v2 and v5; ncu of v6; v6's radix
# conformance up to 70000 keys (as the sample decides, always, never) and memcheck, racecheck and synccheck of the
# path; then v6's record: the grid's 4864 and 1e4 columns, every distribution at 2049, 3000, 4864 and 1e4.
set -u
source scripts/device-round.sh
BUILDS=""
for b in v2 v5 v6; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 60 skew --algo radix,cub-radix --type u32,f32,u64 --values none,u32 \
  --dist uniform,sorted,all-equal,few-unique,entropy-0.811,entropy-0.544,entropy-0.201,zipf --n 1025,2049,3000,4864 --reps 20 -q
R=${BUILDS#*v6=}; R=${R%% *}
for dist in uniform all-equal; do
  part 25 ncu --cache-control all --clock-control none -k regex:small_sort --launch-skip 3 --launch-count 1 \
    --metrics gpu__time_duration.sum,smsp__inst_executed.sum "$R/gpusort-bench" --algo radix --type u32 --n 4864 --dist $dist --reps 5 -q
done
part 240 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_CONFORMANCE_MAX_N=70000 \
  GSB_PARTS='^conformance \(GPU\)|^conformance \(radix one block' bash .carry/device-run.sh .carry/v6.tar.xz "$OUT/conformance"
part 160 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_PARTS='^compute-sanitizer .*\(radix one block' \
  GSB_PART_TIMEOUT=75 bash .carry/device-run.sh .carry/v6.tar.xz "$OUT/sanitizer"
part 40 "$R/gpusort-bench" --algo radix,cub-radix --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 \
  --n 4864,1e4 --reps 20 -q --json "$OUT/radix-grid.s55-small.json"
part 60 "$R/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --dist uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf \
  --n 2049,3000,4864,1e4 --reps 10 -q --json "$OUT/dist-small.json"
grep -E "^=== |^rc=|gpu__time|inst_executed" "$L" | cut -c1-160
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitizer/device.log | sort | uniq -c
