#!/usr/bin/env bash
# Round 4 (session 34, H200): where merge-samples' partition kernel pays. GSB_MERGE_PRESPLIT 0 (each merge block searches
# its tile's ends in the sample window, as main before cfe75fd) against 1 (the partition kernel in every ranked pass),
# both with the sentinel merges, alternated, cub-merge in the same runs; conformance of both.
set -u
NEW=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$NEW"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-400}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
"$NEW/gpusort-bench" --version | head -1 | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== ${GSB_MERGE_PRESPLIT:-} ${GSB_MERGE_SAMPLES_LARGE:-} $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$NEW/gpusort-bench
J=$OUT/json; mkdir -p $J
s() { GSB_MERGE_PRESPLIT=$1 part 40 "$G" --algo merge-samples,cub-merge --type u32,u64,u8 --values none,u32 --n 2^18,2^20,2^21,2^22,2^23,2^24,2^25,2^26 --reps 15 --warmup 2 --json $J/p$1-$2-small.json -q; }
l() { GSB_MERGE_PRESPLIT=$1 part 40 "$G" --algo merge-samples,cub-merge --type u32,u64 --values none,u32 --n 1e8 --reps 5 --json $J/p$1-$2-1e8.json -q; }
s 0 a; s 1 a; l 0 a; l 1 a; l 1 b; l 0 b; s 1 b; s 0 b
for p in 0 1; do
  GSB_MERGE_PRESPLIT=$p part 40 "$NEW/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
  GSB_MERGE_PRESPLIT=$p GSB_MERGE_SAMPLES_LARGE=1 part 40 "$NEW/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
done
GSB_MERGE_PRESPLIT=0 GSB_MERGE_SAMPLES_LARGE=1 part 40 compute-sanitizer --tool memcheck --error-exitcode 99 --print-limit 20 "$G" --algo merge-samples --type u8,u16,u32,u64 --values none,u32 --n 70001,200000 --order asc,desc --reps 1 --warmup 0 -q
GSB_MERGE_PRESPLIT=0 GSB_MERGE_SAMPLES_LARGE=1 part 60 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 "$G" --algo merge-samples --type u8,u32,u64 --values none --n 70001 --reps 1 --warmup 0 -q
tar -cf $OUT/json.tar -C $OUT json && rm -rf $J
grep -E "^=== |^rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" "$L" | cut -c1-220
