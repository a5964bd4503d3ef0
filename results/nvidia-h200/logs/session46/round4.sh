#!/usr/bin/env bash
# Session 46, round 4 (about 7 min): the build to land (`narrow` = round 2's change alone: the two-buffer bucket
# sort holds 4-byte keys' low halves; round 3's bit planes dropped). Conformance of the hybrid path forced from n = 2
# in every block shape and with its default shapes; compute-sanitizer memcheck, synccheck and racecheck over the
# two-buffer shapes forced (128 and 512 threads: every 4-byte key type and value mode their kernels hold); then the
# grid's 4-byte rows where the change applies (u32, i32, f32 x none/u32/u64 at 1e8, 2^27, 2^28; the grid's settings:
# 10 repetitions, 2 warm-ups), a file the heat map takes after radix-grid.json. Carry .carry/narrow.tar.xz.
set -u
source scripts/device-round.sh
N=$(unpack .carry/narrow.tar.xz)
F4='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_none:*/radix_u64_u32'
for t in default 128 256 512 512-in-place; do
  shape=()
  [ "$t" = default ] || shape=("GSB_RADIX_BUCKET_THREADS=$t")
  part 40 env GSB_RADIX_HYBRID_MIN_N=2 "${shape[@]}" "$N/tests/gsb_conformance" --gtest_brief=1 "$F4"
done
S4='--gtest_filter=*/radix_u32_none:*/radix_u32_u32:*/radix_u32_u64:*/radix_i32_none:*/radix_f32_u32'
for t in 128 512; do
  for tool in memcheck synccheck; do
    part 40 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=5000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
      GSB_RADIX_BUCKET_THREADS=$t compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 \
      "$N/tests/gsb_conformance" --gtest_brief=1 "$S4"
  done
  part 90 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=1200 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
    GSB_RADIX_BUCKET_THREADS=$t compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 \
    "$N/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_u32_none:*/radix_u32_u64'
done
part 150 "$N/gpusort-bench" --reps 10 --warmup 2 --algo radix,cub-radix --type u32,i32,f32 --values none,u32,u64 \
  --n 1e8,2^27,2^28 --dist uniform --order asc --json "$OUT/radix-grid.s46-4byte.json"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -30
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -40
