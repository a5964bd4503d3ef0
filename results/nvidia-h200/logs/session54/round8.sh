#!/usr/bin/env bash
# Session 54, round 8: the landed device code (9c87fe3; round 7's v8, the block sort's code ahead of the by-runs
# sort, changed nothing measurable and is not kept) built as compute_80 PTX only (`sm80`, 80-virtual; GSB_ARCH=80:
# the sm80 band's 163 KiB, where the layouts of 16384 4-byte keys alone and 10240 with 4-byte values still fit):
# every radix conformance case of 4- and 8-byte keys up to 20000 keys with sorting by runs forced always and as the
# sample decides, then the window timed through the JIT-compiled PTX (not an sm80 figure: an H200 running sm80's
# code and policy).
set -u
source scripts/device-round.sh
P8=$(unpack .carry/sm80.tar.xz)
for runs in always auto; do
  part 90 env GSB_ARCH=80 GSB_RADIX_SMALL_RUNS=$runs GSB_CONFORMANCE_MAX_N=20000 "$P8/tests/gsb_conformance" \
    --gtest_brief=1 '--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*'
done
part 30 env GSB_ARCH=80 "$P8/gpusort-bench" --algo radix,cub-radix --type u32,u64 --values none,u32 \
  --n 2049,4864,1e4,16384 --reps 10 -q --json "$OUT/sm80-window.json"
grep -E "^=== |^rc=|PASSED|FAILED" "$L" | cut -c1-160
