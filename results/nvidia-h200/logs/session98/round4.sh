#!/usr/bin/env bash
# Session 98, round 4 on an H200 (issue 19): the two checks of session96/round3.sh that ran past their limits there
# (40 s and 30 s), with room: the radix conformance of every type (main's device code, .carry/s96p.tar.xz), and
# racecheck of the msd form forced from n = 2.
set -u
LIMIT=${LIMIT:-480}
. scripts/device-round.sh
N=$(unpack .carry/s96p.tar.xz)
F=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2)
C=(--algo radix --type u32,f32 --values u32 --order asc,desc --warmup 0 --reps 1 -q)
part 200 "$N/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_*"
part 240 "${F[@]}" compute-sanitizer --tool racecheck --error-exitcode 9 --print-limit 20 "$N/gpusort-bench" "${C[@]}" \
  --dist uniform,few-unique,zipf --n 33,20000,70000 --json "$OUT/msd-racecheck.json"
