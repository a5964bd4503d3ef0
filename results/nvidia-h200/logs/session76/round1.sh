#!/usr/bin/env bash
# Session 76 round 1, on an H200 (issue 19). Build: main at c37768b + merge-samples' four-way passes (keys alone:
# quad_ranks_kernel, quad_starts_kernel, merge_quad_kernel), CUDAARCHS=90-real, packed as .carry/quad.tar.xz.
# GSB_MERGE_SAMPLES_QUAD: unset = four-way passes where the partition kernel runs, 0 = never (the binary passes as
# landed), 1 = in every ranked pass of keys alone.
# Parts: (1) conformance of merge-samples as it falls, with QUAD=1, with QUAD=1 and the large tiles; (2) memcheck and
# synccheck with QUAD=1 and the large tiles over u8, u16, u32, u64 keys alone, both orders; racecheck of u32 and u64;
# (3) the same binary with QUAD=0 and unset in turn, twice: u8, u32, u64 keys alone 2^22 .. 1e8, cub-merge in the
# same runs; (4) ncu: each kernel's time in one sort of 1e8 u32 keys with four-way passes.
# Run: LIMIT=575 bash <this>.
set -u
source scripts/device-round.sh
Q=$(unpack .carry/quad.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 45 "$Q/tests/gsb_conformance" --gtest_brief=1 "$F"
part 45 env GSB_MERGE_SAMPLES_QUAD=1 "$Q/tests/gsb_conformance" --gtest_brief=1 "$F"
part 45 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 "$Q/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck; do
  part 45 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool $tool --error-exitcode 9 \
    "$Q/gpusort-bench" --algo merge-samples --type u8,u16,u32,u64 --values none --order asc,desc \
    --n 2,70000,300000,1000003 --warmup 0 --reps 1 -q --json "$OUT/$tool.json"
done
part 60 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool racecheck --error-exitcode 9 \
  "$Q/gpusort-bench" --algo merge-samples --type u32,u64 --values none --n 70000,300000 --warmup 0 --reps 1 -q \
  --json "$OUT/racecheck.json"
for round in a b; do
  for mode in 0 auto; do
    if [ $mode = auto ]; then E=(env -u GSB_MERGE_SAMPLES_QUAD); else E=(env GSB_MERGE_SAMPLES_QUAD=$mode); fi
    part 40 "${E[@]}" "$Q/gpusort-bench" --algo merge-samples,cub-merge --type u8,u32,u64 --values none \
      --n 2^22,2^24,2^26,1e8 --reps 5 --warmup 1 -q --json "$OUT/t-$mode-$round.json"
  done
done
part 60 ncu --clock-control none --metrics gpu__time_duration.sum "$Q/gpusort-bench" --algo merge-samples --type u32 \
  --values none --n 1e8 --reps 1 --warmup 0 -q --json "$OUT/ncu.json"
summary merge-samples cub-merge t-
