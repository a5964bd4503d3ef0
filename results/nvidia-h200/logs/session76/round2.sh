#!/usr/bin/env bash
# Session 76 round 2, on an H200 (issue 19). Build: round 1's tree with the four-way passes' partition reworked after
# round 1's ncu (quad_starts_kernel 227-254 us a pass with 32 probes a round over windows at stride 8192): samples every
# 2048 keys (quad_stride) ranked by four lanes a sample (binary searches), 8 lanes a tile start, each round's inner
# searches bounded by the probes beside the answer the round before, the window's candidates without local memory.
# GSB_MERGE_SAMPLES_QUAD: 0 never, unset where the partition kernel runs, 1 in every ranked pass of keys alone.
# Parts: (1) conformance with QUAD=1, with QUAD=1 and the large tiles; (2) memcheck, synccheck, racecheck with both;
# (3) modes 0 / auto / 1 in turn, twice: u8, u16, u32, u64 keys alone 2^20 .. 1e8, cub-merge in the same runs; (4) ncu
# of one sort of 1e8 u32 keys with the four-way passes.
set -u
source scripts/device-round.sh
Q=$(unpack .carry/quad.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 45 env GSB_MERGE_SAMPLES_QUAD=1 "$Q/tests/gsb_conformance" --gtest_brief=1 "$F"
part 45 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 "$Q/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck; do
  part 45 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool $tool --error-exitcode 9 \
    "$Q/gpusort-bench" --algo merge-samples --type u8,u16,u32,u64 --values none --order asc,desc \
    --dist uniform,few-unique,zipf --n 2,70000,300000,1000003 --warmup 0 --reps 1 -q --json "$OUT/$tool.json"
done
part 60 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool racecheck --error-exitcode 9 \
  "$Q/gpusort-bench" --algo merge-samples --type u32,u64 --values none --n 70000,300000 --warmup 0 --reps 1 -q \
  --json "$OUT/racecheck.json"
for round in a b; do
  for mode in 0 auto 1; do
    if [ $mode = auto ]; then E=(env -u GSB_MERGE_SAMPLES_QUAD); else E=(env GSB_MERGE_SAMPLES_QUAD=$mode); fi
    part 40 "${E[@]}" "$Q/gpusort-bench" --algo merge-samples,cub-merge --type u8,u16,u32,u64 --values none \
      --n 2^20,2^22,2^24,2^26,1e8 --reps 5 --warmup 1 -q --json "$OUT/t-$mode-$round.json"
  done
done
part 60 ncu --clock-control none --metrics gpu__time_duration.sum "$Q/gpusort-bench" --algo merge-samples --type u32 \
  --values none --n 1e8 --reps 1 --warmup 0 -q --json "$OUT/ncu.json"
summary merge-samples cub-merge t-
