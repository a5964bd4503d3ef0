#!/usr/bin/env bash
# Session 79 round 2 (issue 19, merge-samples): `land` = the landing build of four-way passes for pairs with 1- or 2-byte
# keys (round 1's xs2 with u64 values from 1 wave); `simp` = land + one merge step shared by merge_to_registers and
# merge_two_to_registers, the four-way kernel's two calls of merge_two_to_registers made one (session 78's review).
# `u16s` = simp + an experiment variable (logs/session79/u16exp.patch, in no landed code): GSB_EXP_U16=1 gives 2-byte
# keys on radix's one-block path 128 x 24 (2049-3072) and 128 x 38 (3073-4864) in place of 256 x 12 and 256 x 19
# (cub-radix's single tile), =2 gives them 192 x 26 (3073-4992): u16+u32 at 4864 is the grid's one H200 cell under
# 1.0x (0.998x). All CUDAARCHS=90-real. Run from the repository root with LIMIT and OUT as device-round.sh says; carry .carry/.
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
U=$(unpack .carry/u16s.tar.xz)
for e in 1 2; do
  part 40 env GSB_EXP_U16=$e "$U/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u16_*"
  for tool in memcheck racecheck synccheck; do
    part 30 env GSB_EXP_U16=$e compute-sanitizer --tool $tool --error-exitcode 9 "$U/gpusort-bench" --algo radix \
      --type u16 --values none,u32,u64 --order asc,desc --dist uniform,zipf --n 2500,3072,4000,4864,4992 --warmup 0 \
      --reps 1 -q --json "$OUT/u16-$e-$tool.json"
  done
done
for round in a b; do
  for e in 0 1 2; do
    part 30 env GSB_EXP_U16=$e "$U/gpusort-bench" --algo radix,cub-radix --type u16 --values none,u32,u64 \
      --dist uniform,zipf --n 2049,2500,3072,3073,4000,4864 --reps 30 --warmup 5 -q --json "$OUT/u-$e-$round.json"
  done
done
summary merge-samples cub-merge t
summary merge-samples cub-merge ab
summary radix cub-radix u-
