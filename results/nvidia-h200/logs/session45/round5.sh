#!/usr/bin/env bash
# Session 45, round 5 (about 8 min): the landing build (new = main + the look-back walk begun early and stepped every
# 2 ranked keys where the policy says so: keys alone and u64+u32; every other pair walks after the ranking as
# before, LookBack::finish being the old loop). Its correctness where the pass kernel runs (radix and radix-lsd
# conformance, the hybrid path and the counting sort from n = 2, compute-sanitizer over the hybrid path forced,
# the full tiles of one digit and the pass parts), then new against main (5adeeba) alternated twice, cub-radix in
# every run, at 1e8: every key width alone and with u32 / u64 values (uniform), and u32 / u64 keys alone and with
# u32 values on entropy-0.201 and Zipf keys. Carry .carry/{main,new}.tar.xz.
set -u
source scripts/device-round.sh
F=$(unpack .carry/new.tar.xz)
M=$(unpack .carry/main.tar.xz)
part 280 env GSB_SKIP_BENCH=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_SANITIZE_PART=forced \
  GSB_PARTS='^conformance \(GPU\)|hybrid path from n = 2|counting sort from n = 2|compute-sanitizer [a-z]+ \(radix hybrid\)$|full tiles of one digit|radix pass parts' \
  bash scripts/device-run.sh "$F" "$OUT/checks"
BUILDS="main=$M new=$F"
alternate 40 uniform --algo radix,cub-radix --type u8,u16,u32,u64 --values none,u32,u64 --n 1e8 --reps 5 -q
alternate 40 skewed --algo radix,cub-radix --type u32,u64 --values none,u32 --n 1e8 --dist entropy-0.201,zipf --reps 5 -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -12
grep -E "^=== |PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/checks/device.log" | tail -40
