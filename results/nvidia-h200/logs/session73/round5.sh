#!/usr/bin/env bash
# Session 73 round 5, on an H200 (issue 19); run at 08:16 UTC with LIMIT=200, after refusals from 07:03 to 08:03.
# One build `net8` = ec92798 + net.patch + byte8.patch:
# (A) every GPU back-end's fixed cost brought down as merge-samples' was: the sorting networks (bitonic,
# odd-even-merge) launch one kernel a pass; with net.patch every pass after the first is a programmatic dependent of
# the one before it (each kernel waits for it before it reads anything; none lets the next in before it ends).
# (B) 1-byte keys at n <= 2304 in one round of 8-bit digits (byte8.patch: an experiment variable, GSB_EXP_BYTE8, in no
# landed code; the shapes 128 x 4, 128 x 8, 256 x 8 and, with u64 values, 256 x 9 with 8-bit digits), where they take
# two rounds of 5 and 3 bits now (the grid's u8+u64 at 1e3 1.00x; u8+u64 at 1025-2049 0.89-1.00x off the grid).
# Parts: (1) the networks' conformance; memcheck, synccheck and racecheck of both over u32 keys alone and with u32
# values at 1e4, 2^16 and 300000; (2) networks without (GSB_DEPENDENT_LAUNCH=0) and with dependent launches in turn,
# twice, cub-merge in every run: u32 keys alone and with u32 values, 4864 to 2^24; (3) with GSB_EXP_BYTE8=1 the radix
# conformance of u8 keys, memcheck, synccheck, racecheck at 100, 1000, 2000; (4) u8 keys alone and with u32 and u64
# values at 100 to 2304, GSB_EXP_BYTE8=0 and 1 in turn, twice, cub-radix in every run. Every case validated.
# Build: CUDAARCHS=90-real cmake --preset release && cmake --build build/release; scripts/pack-build.sh build/release
# net8. Run: LIMIT=330 bash <this>.
set -u
source scripts/device-round.sh
X=$(unpack .carry/net8.tar.xz)
part 120 "$X/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/bitonic_*:*/odd_even_merge_*"
for tool in memcheck synccheck racecheck; do
  part 60 compute-sanitizer --tool $tool --error-exitcode 9 "$X/gpusort-bench" --algo bitonic,odd-even-merge \
    --type u32 --values none,u32 --n 1e4,2^16,300000 --warmup 0 --reps 1 -q --json "$OUT/$tool.json"
done
for r in a b; do
  for v in 0 1; do
    part 60 env GSB_DEPENDENT_LAUNCH=$v "$X/gpusort-bench" --algo bitonic,odd-even-merge,cub-merge --type u32 \
      --values none,u32 --n 4864,1e4,2^16,2^18,2^20,2^22,2^24 --reps 10 -q --json "$OUT/t-$v-$r.json"
  done
done
part 60 env GSB_EXP_BYTE8=1 "$X/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u8_*"
for tool in memcheck synccheck racecheck; do
  part 40 env GSB_EXP_BYTE8=1 compute-sanitizer --tool $tool --error-exitcode 9 "$X/gpusort-bench" --algo radix \
    --type u8 --values none,u32,u64 --n 100,1000,2000 --order asc,desc --warmup 0 --reps 1 -q --json "$OUT/u8-$tool.json"
done
for r in a b; do
  for v in 0 1; do
    part 40 env GSB_EXP_BYTE8=$v "$X/gpusort-bench" --algo radix,cub-radix --type u8 --values none,u32,u64 \
      --n 100,500,1e3,1025,1500,2049,2304 --reps 20 -q --json "$OUT/u8-$v-$r.json"
  done
done
summary bitonic cub-merge t-
summary odd-even-merge cub-merge t- | grep -v "^===\|^rc="
summary radix cub-radix u8- | grep -v "^===\|^rc="
