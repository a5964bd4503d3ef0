#!/usr/bin/env bash
# Session 77 round 4, on an H200 (issue 19): the landing build `final` (quad_stride 1024; the binary merge kernel's
# resident-block bounds for an 8-byte key or value: keys alone 4, pairs of 9 to 12 bytes 3, 16-byte pairs unbounded).
# merge-samples' conformance as it falls and with the large tiles forced; memcheck and synccheck of the changed kernels;
# the committed merge files the change touches, with their commands (merge-types-1e8.json, merge-mid.json,
# merge-small-n.json; merge.json, u32 only, stays as round 1 wrote it).
set -u
source scripts/device-round.sh
X=$(unpack .carry/final.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 30 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
part 30 env GSB_MERGE_SAMPLES_LARGE=1 "$X/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck; do
  part 30 env GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool $tool --error-exitcode 9 "$X/gpusort-bench" \
    --algo merge-samples --type u64,u16 --values none,u32,u64 --order asc,desc --dist uniform,zipf \
    --n 2,70000,300000,1000003 --warmup 0 --reps 1 -q --json "$OUT/$tool.json"
done
mkdir -p "$OUT/json"
part 80 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,i32,f32,u64,i64,f64 --values none,u32,u64 \
  --n 1e8 --reps 5 --json "$OUT/json/merge-types-1e8.json" -q
part 40 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^23,2^24,2^25,2^26 \
  --reps 10 --json "$OUT/json/merge-mid.json" -q
part 120 "$X/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64,u8,f32 --values none,u32,u64 \
  --n 1,100,1e3,4864,1e4,2^16,2^18,2^20,2^21,2^22 --reps 20 --warmup 3 --json "$OUT/json/merge-small-n.json" -q
summary merge-samples cub-merge
