#!/usr/bin/env bash
# Session 57, round 6: round 5's `runs` cut the warp bucket kernel's instructions by 2.5% only (53.8 M against 55.2 M,
# ncu 79.8 against 80.8 us at 1e7) and lost 1-1.5 us at 2^22 and 6e6 for i32 and f32 keys. `runs2`: the scan writes
# the runs' fields beside the starts (no second pass over them), and each row of keys compares as many keys as the
# row's longest run, every lane in it (no loop of its own a lane). Alternated twice against main (`head`), `xor` and
# `runs`, cub-radix in every run; the parts test and the hybrid path's conformance parts of `runs2`.
set -u
source scripts/device-round.sh
BUILDS=""
for b in head xor runs runs2; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
R=${BUILDS#*runs2=}; R=${R%% *}
part 20 "$R/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
alternate 40 keys --algo radix,cub-radix --type u32,i32,f32 --n 2^22,6e6,1e7,2^24,2e7 --reps 10 -q
alternate 30 skew --algo radix,cub-radix --type u32 --dist sorted,zipf --n 2^22,1e7 --reps 10 -q
part 150 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix hybrid' \
  bash .carry/device-run.sh .carry/runs2.tar.xz "$OUT/conformance"
part 40 ncu -k regex:warp_bucket --launch-count 1 --section SpeedOfLight --section InstructionStats \
  "$R/gpusort-bench" --algo radix --type u32 --n 1e7 --reps 1 --warmup 0 --validate none -q
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "PASSED|FAILED" "$OUT"/conformance/device.log | sort | uniq -c
