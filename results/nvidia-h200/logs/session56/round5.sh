#!/usr/bin/env bash
# Session 56, round 5: the landed build (`final`, 3ae2853: a 256 x 12 shape from 2049 to 3072 keys, behind runs of
# 512 threads of 6 keys for 4-byte keys, alone for 2-byte keys, in one round of 8 bits for 1-byte keys). Alternated
# twice against main (`head`, 811ddf2) over 1-, 2- and 4-byte keys around the new shape; the record (the grid's 4864
# and 1e4 columns, every distribution at 2049, 3000, 4864 and 1e4, uniform keys off the grid), cub-radix in each
# run; every radix conformance case up to 70000 keys as the sample decides, and by runs forced always and never;
# memcheck, racecheck and synccheck of the one-block path forced always and as it falls.
set -u
source scripts/device-round.sh
BUILDS=""
for b in head final; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
F=${BUILDS#*final=}; F=${F%% *}
alternate 40 tile --algo radix,cub-radix --type u8,u16,u32 --values none,u32,u64 \
  --dist uniform,few-unique,entropy-0.544,zipf --n 2049,2600,3000,3072,3073,4864 --reps 20 -q
part 40 "$F/gpusort-bench" --algo radix,cub-radix --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 \
  --n 4864,1e4 --reps 20 -q --json "$OUT/radix-grid.s56-small.json"
part 60 "$F/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --dist uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf \
  --n 2049,3000,4864,1e4 --reps 10 -q --json "$OUT/dist-small.json"
part 40 "$F/gpusort-bench" --algo radix,cub-radix --type u8,u16,u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --n 1025,2049,3000,6000,7680,16384 --reps 20 -q --json "$OUT/off-grid.json"
part 240 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_CONFORMANCE_MAX_N=70000 \
  GSB_PARTS='^conformance \(GPU\)|^conformance \(radix one block' bash .carry/device-run.sh .carry/final.tar.xz "$OUT/conformance"
part 150 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_PARTS='^compute-sanitizer .*\(radix one block' \
  GSB_PART_TIMEOUT=75 bash .carry/device-run.sh .carry/final.tar.xz "$OUT/sanitizer"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitizer/device.log | sort | uniq -c
