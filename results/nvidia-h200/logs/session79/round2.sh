#!/usr/bin/env bash
# Session 79 round 2 (issue 19, merge-samples): `land` = the landing build of four-way passes for pairs with 1- or 2-byte
# keys (round 1's xs2 with u64 values from 1 wave); `simp` = land + one merge step shared by merge_to_registers and
# merge_two_to_registers, the four-way kernel's two calls of merge_two_to_registers made one (session 78's review).
# Both CUDAARCHS=90-real. Run from the repository root with LIMIT and OUT as device-round.sh says; carry .carry/.
set -u
source scripts/device-round.sh
L1=$(unpack .carry/land.tar.xz)
S=$(unpack .carry/simp.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 30 "$L1/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 "$S/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 "$S/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck racecheck; do
  part 60 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool $tool --error-exitcode 9 \
    "$S/gpusort-bench" --algo merge-samples --type u8,u32,u64 --values none,u32,u64 --order asc,desc \
    --dist uniform,few-unique --n 2,70000,300000 --warmup 0 --reps 1 -q --json "$OUT/simp-$tool.json"
done
# Where pairs with 1- or 2-byte keys start four-way passes (land): binary against the policy.
knob() { if [ "$1" = auto ]; then echo "env -u GSB_MERGE_SAMPLES_QUAD"; else echo "env GSB_MERGE_SAMPLES_QUAD=$1"; fi; }
for round in a b; do
  for mode in 0 auto; do
    part 30 $(knob $mode) "$L1/gpusort-bench" --algo merge-samples,cub-merge --type u8,u16 --values u64 \
      --n 2^20,2^21 --reps 10 --warmup 1 -q --json "$OUT/t-$mode-$round.json"
  done
done
BUILDS="land=$L1 simp=$S"
alternate 60 ab --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32,u64 --n 2^22,1e8 --reps 5 -q
mkdir -p "$OUT/json"
part 90 "$L1/gpusort-bench" --algo merge-samples,cub-merge --type u8,u16,u32,i32,f32,u64,i64,f64 \
  --values none,u32,u64 --n 1e8 --reps 5 --json "$OUT/json/merge-types-1e8.json" -q
part 40 "$L1/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^23,2^24,2^25,2^26 \
  --reps 10 --json "$OUT/json/merge-mid.json" -q
part 60 "$L1/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8,f32 --values none,u32,u64 \
  --n 1,100,1e3,4864,1e4,2^16,2^18,2^20,2^21,2^22 --reps 20 --warmup 3 --json "$OUT/json/merge-small-n.json" -q
summary merge-samples cub-merge t
summary merge-samples cub-merge ab
