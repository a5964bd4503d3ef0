#!/usr/bin/env bash
# Session 48, first call (planned in session 47, about 8 min). Session 47's landed code (083f110: the hybrid path's
# MSD passes of keys alone ranked by the counting atomics' places unless the skew sample finds rows of few digits,
# NOTES.md round 31) is round 5's device code line for line, but 083f110 itself has not run on a device, nor has the
# parts test of the sample's marks (SampleMarksRowsOfFewDigits). This call: (1) the parts test alone and under the
# three sanitizers; radix's whole conformance; the hybrid path forced from n = 2 (default and one-tile portions) and
# under memcheck, synccheck, racecheck; (2) the same forced conformance through compute_80 PTX on the sm80 band (the
# places kernels have run natively only); (3) 4-byte keys alone at 2^29, 7.5e8, 1e9 (not measured with places; 1.39-1.51x
# before), the inputs the sample sends to the stable passes at 1e8, and u32/u64 keys at 1e8 through the sm80 band.
# Prepare: CUDAARCHS=90-real bash scripts/build.sh; scripts/pack-build.sh build/release main;
#   git worktree add /tmp/sm80 HEAD && (cd /tmp/sm80 && CUDAARCHS=80-virtual bash scripts/build.sh &&
#   scripts/pack-build.sh build/release sm80) && cp /tmp/sm80/.carry/sm80.tar.xz .carry/ (scripts/build.sh always
#   builds build/release; a full build on 2 cores takes a while: start it first).
# Move results/ out of the tree for the call if the carry and the tree pass 64 MiB, then put it back.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
P8=$(unpack .carry/sm80.tar.xz)
part 30 "$M/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
for tool in memcheck racecheck synccheck; do
  part 60 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$M/tests/radix/gsb_radix_parts_tests" \
    --gtest_brief=1 '--gtest_filter=*TileRank*:*Sample*'
done
part 150 "$M/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_*'
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none'
part 60 env GSB_RADIX_HYBRID_MIN_N=2 "$M/tests/gsb_conformance" --gtest_brief=1 "$F"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 "$M/tests/gsb_conformance" --gtest_brief=1 "$F"
S='--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none:*/radix_u64_none:*/radix_f64_none'
for tool in memcheck synccheck; do
  part 40 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=20000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
    compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$M/tests/gsb_conformance" --gtest_brief=1 "$S"
done
part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=10000 GSB_RADIX_HYBRID_MIN_N=2 \
  compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$M/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_none'
part 60 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 "$P8/tests/gsb_conformance" --gtest_brief=1 "$F"
part 120 "$M/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values none --n 2^29,7.5e8,1e9 --reps 5 -q \
  --json "$OUT/big-keys.json"
part 40 "$M/gpusort-bench" --algo radix,cub-radix --type u32,u64 --values none --n 1e8 \
  --dist uniform,sorted,nearly-sorted,few-unique --reps 5 -q --json "$OUT/dist-keys.json"
part 40 env GSB_ARCH=80 "$P8/gpusort-bench" --algo radix,cub-radix --type u32,u64 --values none --n 1e8 --reps 5 -q \
  --json "$OUT/sm80-keys.json"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -30
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -40
