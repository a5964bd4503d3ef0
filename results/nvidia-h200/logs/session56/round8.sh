#!/usr/bin/env bash
# Session 56, round 8: the landed build (`final2`: round 5's build with 4-byte pairs priced at 16 a thread in the
# 256 x 12 shape, round 7's vz16 there alone). Alternated twice against round 5's build (`final`) over 4-byte pairs
# from 2049 to 1e4; the record again (every distribution at 2049, 3000, 4864 and 1e4); every radix conformance case
# up to 70000 keys as the sample decides; memcheck, racecheck and synccheck of the one-block path as it falls.
set -u
source scripts/device-round.sh
BUILDS=""
for b in final final2; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
F=${BUILDS#*final2=}; F=${F%% *}
alternate 40 pairs --algo radix,cub-radix --type u32,i32,f32 --values u32,u64 \
  --dist uniform,nearly-sorted,few-unique,entropy-0.811,entropy-0.544,zipf --n 2049,2600,3000,3073,4864,7680,1e4 --reps 20 -q
part 60 "$F/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --dist uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf \
  --n 2049,3000,4864,1e4 --reps 10 -q --json "$OUT/dist-small.json"
part 90 env GSB_CONFORMANCE_MAX_N=70000 "$F/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_*'
part 120 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_PARTS='^compute-sanitizer .*\(radix one block by runs auto' \
  GSB_PART_TIMEOUT=75 bash .carry/device-run.sh .carry/final2.tar.xz "$OUT/sanitizer"
grep -E "^=== |^rc=|PASSED|FAILED" "$L" | cut -c1-160
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/sanitizer/device.log | sort | uniq -c
