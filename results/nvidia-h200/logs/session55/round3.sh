#!/usr/bin/env bash
# Session 55, round 3: round 2 found inputs of one key (v2: nothing to write, 2.6-14x) and what sorting by runs
# costs by distribution, about (keys a thread) x (mean run - 1) comparisons a thread. `v5` (v2 and a budget): the
# sample's pairs of keys in one digit estimate the squared counts' sum, and a block sorts by runs where that
# estimate, less n, stays under a budget a thread by key width and values (4-byte keys alone 160, with values 48;
# 8-byte keys 400 and 96); the counts send it to the block sort past twice the budget. Alternated twice against main
# (`head`) and v2 on uniform, sorted and skewed keys from 1025 to 4864; v5's radix conformance up to 70000 keys (as
# the sample decides, always, never) and memcheck, racecheck and synccheck of the path; then v5's record: the grid's
# 4864 and 1e4 columns, every distribution at 2049, 3000, 4864 and 1e4.
set -u
source scripts/device-round.sh
BUILDS=""
for b in head v2 v5; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 60 skew --algo radix,cub-radix --type u32,f32,u64 --values none,u32 \
  --dist uniform,sorted,all-equal,few-unique,entropy-0.811,entropy-0.544,entropy-0.201,zipf --n 1025,2049,3000,4864 --reps 20 -q
part 240 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_CONFORMANCE_MAX_N=70000 \
  GSB_PARTS='^conformance \(GPU\)|^conformance \(radix one block' bash .carry/device-run.sh .carry/v5.tar.xz "$OUT/conformance"
part 160 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_PARTS='^compute-sanitizer .*\(radix one block' \
  GSB_PART_TIMEOUT=75 bash .carry/device-run.sh .carry/v5.tar.xz "$OUT/sanitizer"
R=${BUILDS#*v5=}; R=${R%% *}
part 40 "$R/gpusort-bench" --algo radix,cub-radix --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 \
  --n 4864,1e4 --reps 20 -q --json "$OUT/radix-grid.s55-small.json"
part 60 "$R/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --dist uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf \
  --n 2049,3000,4864,1e4 --reps 10 -q --json "$OUT/dist-small.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitizer/device.log | sort | uniq -c
