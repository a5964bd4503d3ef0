#!/usr/bin/env bash
# Session 53, round 9: 4-byte keys with u32 values from 7e6 on the hybrid path (`t7`, the threshold moved from 6e6):
# radix, radix-lsd and cub-radix in one run at 6e6 (now the LSD passes), 7e6 and 1e7, uniform and the skewed
# distributions of round 8; the unit tests.
set -u
source scripts/device-round.sh
T=$(unpack .carry/t7.tar.xz)
part 60 "$T/tests/gsb_unit_tests" --gtest_brief=1
part 200 "$T/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 --values u32 \
  --dist uniform,entropy-0.544,entropy-0.337,entropy-0.201,zipf,sorted --n 6e6,7e6,1e7 --reps 10 -q \
  --json "$OUT/pairs-threshold.json"
grep -E "^=== |^rc=|PASSED|FAILED" "$L" | cut -c1-160
