#!/usr/bin/env bash
# Session 78, round 2 (issue 19): four-way passes for pairs with 4- and 8-byte keys (`merge_quad_kernel` with values:
# the parts' keys and values in shared memory, merge(A, B) ++ merge(C, D) into registers with each key's place in the
# parts, written back over the parts' keys, then the final merge with each value fetched through its key's place), in
# the build `qp` = main + logs/session77/sv.patch + the change (CUDAARCHS=90-real). The knob GSB_MERGE_SAMPLES_QUAD=0
# (never) against the policy (unset: four-way passes where the binary merge blocks come in 3 waves or more) in one
# binary, in turn, twice. Run from the repository root with LIMIT and OUT as device-round.sh says; carry .carry/.
set -u
source scripts/device-round.sh
Q=$(unpack .carry/qp.tar.xz)
F="--gtest_filter=*/merge_samples_*"
part 40 "$Q/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_MERGE_SAMPLES_QUAD=1 "$Q/tests/gsb_conformance" --gtest_brief=1 "$F"
part 40 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 "$Q/tests/gsb_conformance" --gtest_brief=1 "$F"
for tool in memcheck synccheck; do
  part 45 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool $tool --error-exitcode 9 \
    "$Q/gpusort-bench" --algo merge-samples --type u32,f32,u64,i64 --values u32,u64 --order asc,desc \
    --dist uniform,few-unique,zipf --n 2,70000,300000,1000003 --warmup 0 --reps 1 -q --json "$OUT/$tool.json"
done
part 45 env GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 compute-sanitizer --tool racecheck --error-exitcode 9 \
  "$Q/gpusort-bench" --algo merge-samples --type u32,u64 --values u32,u64 --n 70000,300000 --warmup 0 --reps 1 -q \
  --json "$OUT/racecheck.json"
knob() { if [ "$1" = auto ]; then echo "env -u GSB_MERGE_SAMPLES_QUAD"; else echo "env GSB_MERGE_SAMPLES_QUAD=$1"; fi; }
for round in a b; do
  for mode in 0 auto; do
    part 45 $(knob $mode) "$Q/gpusort-bench" --algo merge-samples,cub-merge --type u32,u64 \
      --values u32,u64 --n 2^22,2^24,2^25,1e8 --reps 5 --warmup 1 -q --json "$OUT/t-$mode-$round.json"
  done
done
for round in a b; do
  for mode in 0 auto; do
    part 30 $(knob $mode) "$Q/gpusort-bench" --algo merge-samples,cub-merge --type i32,f32,i64,f64 \
      --values u32 --n 1e8 --reps 5 --warmup 1 -q --json "$OUT/s-$mode-$round.json"
  done
done
part 60 ncu --clock-control none --metrics gpu__time_duration.sum -k regex:merge_ "$Q/gpusort-bench" \
  --algo merge-samples --type u64 --values u32 --n 1e8 --warmup 0 --reps 1 -q
summary merge-samples cub-merge t
summary merge-samples cub-merge s
