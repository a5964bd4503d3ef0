#!/usr/bin/env bash
# Session 76 round 3, on an H200 (issue 19). Builds: round 2's tree with positions inside the partition's windows held in
# 32 bits (quad_starts_kernel 78 -> 64 registers), as `quad8` (8 lanes a tile start, 3 rounds over a 256-key window) and
# `quad4` (4 lanes: half the warps, one wave at 1e8 keys, a round more).
# Parts: (1) conformance of both with GSB_MERGE_SAMPLES_QUAD=1 and the large tiles; memcheck of quad4 likewise; (2) each
# build with QUAD=0 (binary passes), unset and 1, in turn, twice: u8, u32, u64 keys alone 2^23 .. 1e8, cub-merge in
# the same runs; (3) ncu of each build's partition kernel in one sort of 1e8 u32 keys.
set -u
source scripts/device-round.sh
A=$(unpack .carry/quad8.tar.xz)
B=$(unpack .carry/quad4.tar.xz)
F="--gtest_filter=*/merge_samples_*"
for X in "$A" "$B"; do
  part 40 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
done
part 40 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool memcheck --error-exitcode 9 \
  "$B/gpusort-bench" --algo merge-samples --type u8,u32,u64 --values none --order asc,desc \
  --dist uniform,few-unique,zipf --n 2,70000,300000,1000003 --warmup 0 --reps 1 -q --json "$OUT/memcheck.json"
for round in a b; do
  for mode in 0 auto 1; do
    if [ $mode = auto ]; then E=(env -u GSB_MERGE_SAMPLES_QUAD); else E=(env GSB_MERGE_SAMPLES_QUAD=$mode); fi
    for X in quad8=$A quad4=$B; do
      [ $mode = 0 ] && [ "${X%%=*}" = quad4 ] && continue  # the binary passes are the same code in both
      part 40 "${E[@]}" "${X#*=}/gpusort-bench" --algo merge-samples,cub-merge --type u8,u32,u64 --values none \
        --n 2^23,2^24,2^25,2^26,1e8 --reps 5 --warmup 1 -q --json "$OUT/t-$mode-${X%%=*}-$round.json"
    done
  done
done
for X in "$A" "$B"; do
  part 40 ncu --clock-control none --metrics gpu__time_duration.sum -k regex:quad "$X/gpusort-bench" \
    --algo merge-samples --type u32 --values none --n 1e8 --reps 1 --warmup 0 -q --json "$OUT/ncu.json"
done
summary merge-samples cub-merge t-
