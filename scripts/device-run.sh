#!/usr/bin/env bash
# The one call on a GPU machine: GPU tests, compute-sanitizer and benchmarks over a build made elsewhere.
#
#   here:   scripts/build.sh && scripts/pack-build.sh    # packs the binaries into .carry/build.tar.xz
#   there:  scripts/device-run.sh .carry/build.tar.xz "$OUT" [gpusort-bench arguments for the benchmark...]
#
# With the device tool: run(command="scripts/device-run.sh .carry/build.tar.xz $OUT --algo radix,cub-radix
# --n 1e8", carry=[".carry"], kind="nvidia-h200"). BUILD may be a build folder or the packed tarball. Writes
# under OUT: device.log (everything, in order), bench.json, and prints a summary last. Environment knobs:
#   GSB_CONFORMANCE_FILTER  gtest filter for the conformance suite (default: every GPU back-end)
#   GSB_SANITIZE_FILTER     gtest filter for memcheck (default: u32, u32+u32 and u64+u64 of every back-end)
#   GSB_RACECHECK_FILTER    gtest filter for racecheck (default: u32+u32 of the back-ends with shared-memory kernels)
#   GSB_SYNCCHECK_FILTER    gtest filter for synccheck (default: u32+u32 of every back-end but merge-cdp)
#   GSB_SKIP_TESTS=1 / GSB_SKIP_SANITIZER=1 / GSB_SKIP_BENCH=1 to leave a part out
#   GSB_SANITIZE_PART       default (the tools over every back-end) | forced (over the paths forced at small n) | all
#                           (the default)
# The whole run takes about 15 minutes on an H200, past the device tool's 10 minutes a call: run it as three calls,
#   GSB_SKIP_SANITIZER=1 (tests and benchmark), then GSB_SKIP_TESTS=1 GSB_SANITIZE_PART=default, then
#   GSB_SKIP_TESTS=1 GSB_SANITIZE_PART=forced.
#   GSB_SANITIZER_TOOLS     which compute-sanitizer tools run (default: memcheck racecheck synccheck)
#   GSB_ARCH, CUDA_FORCE_PTX_JIT  another architecture's code path on this GPU (README, "Architectures"): with a
#                           build holding only compute_75 PTX (or CUDA_FORCE_PTX_JIT=1 and older PTX beside the
#                           native code), GSB_ARCH=75 holds the host to sm_75's limits; both are logged
#   GSB_PART_TIMEOUT        seconds one part may take (default 300), so that a hang cannot eat the call
#   GSB_PARTS               an extended regular expression: only the parts whose names match it run (the others are
#                           listed as skipped), to split a long part such as the forced sanitizer runs over two calls
#   GSB_SOURCE_DIR          the project's checkout, for tests/cli (default: the current folder)
# The three deliberately slow merge back-ends (merge-recursive, merge-cdp, merge-iterative: microseconds per
# key) run in their own part on the small sizes only (n <= 1100 for the host recursion, n <= 70000 for the
# other two); the full grid would take them most of an hour.
set -uo pipefail
B=${1:?build folder or tarball}; OUT=${2:?output folder}; shift 2
SAN_PART=${GSB_SANITIZE_PART:-all}
case $SAN_PART in default | forced | all) ;; *) echo "GSB_SANITIZE_PART: '$SAN_PART' is not default, forced or all" >&2; exit 2 ;; esac
mkdir -p "$OUT"
if [ -f "$B" ]; then  # a tarball from pack-build.sh
  dir=$(mktemp -d)
  tar -xJf "$B" -C "$dir"
  B=$dir
fi
LOG="$OUT/device.log"
summary=()
note() { echo "$*" | tee -a "$LOG"; }
section() { note ""; note "=== $* ($(date -u +%H:%M:%S))"; }
run_part() {  # name, command...
  local name=$1; shift
  if [ -n "${GSB_PARTS:-}" ] && ! grep -Eq -- "$GSB_PARTS" <<<"$name"; then
    summary+=("$(printf '%-28s skipped (GSB_PARTS)' "$name")")
    return 0
  fi
  section "$name"
  local t0=$SECONDS
  timeout "${GSB_PART_TIMEOUT:-300}" "$@" >>"$LOG" 2>&1
  local rc=$?
  summary+=("$(printf '%-28s rc=%-3s %4ss' "$name" "$rc" "$((SECONDS - t0))")")
  tail -n 4 "$LOG"
  return 0
}

section "machine"
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.mem --format=csv >>"$LOG" 2>&1
nvcc --version 2>/dev/null | tail -1 >>"$LOG"
note "GSB_ARCH=${GSB_ARCH:-} CUDA_FORCE_PTX_JIT=${CUDA_FORCE_PTX_JIT:-}"
# Which device code runs and which policies it uses (the first line of the table).
"$B/gpusort-bench" --algo cub-radix --n 1000 --reps 1 --warmup 0 2>&1 | head -n 1 | tee -a "$LOG"

SLOW_MERGES="*merge_recursive*:*merge_cdp*:*merge_iterative*"
CONF_FILTER=${GSB_CONFORMANCE_FILTER:-"-*std_sort*:$SLOW_MERGES"}
SAN_FILTER=${GSB_SANITIZE_FILTER:-"*_u32_none:*_u32_u32:*_u64_u64"}
# racecheck is the slowest tool: one parameter set of each back-end with its own shared-memory kernels (the
# library baselines and the serial merges have none; racecheck does not support dynamic parallelism).
RACE_FILTER=${GSB_RACECHECK_FILTER:-"*/radix_u32_u32:*/radix_shared_u32_u32:*/radix_multibit_u32_u32:*/radix_coarse_u32_u32:*/merge_samples_u32_u32:*/bitonic_u32_u32:*/odd_even_merge_u32_u32"}
SYNC_FILTER=${GSB_SYNCCHECK_FILTER:-"*_u32_u32"}
# sample-multi is sanitized on its own (scripts/device-run.sh is one GPU; NCCL's own setup makes API calls that
# memcheck reports, and two GPUs' NCCL kernels cannot run serialised): see results/multi-gpu.md.
SAN_EXCLUDE="-*std_sort*:*sample_multi*"

if [ "${GSB_SKIP_TESTS:-0}" != 1 ]; then
  run_part "unit tests" "$B/tests/gsb_unit_tests" --gtest_brief=1
  run_part "conformance (GPU)" "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=${CONF_FILTER}"
  if [ -z "${GSB_CONFORMANCE_FILTER:-}" ]; then
    GSB_CONFORMANCE_MAX_N=1100 run_part "conformance (merge-recursive, n <= 1100)" \
      "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*merge_recursive*"
    GSB_CONFORMANCE_MAX_N=70000 run_part "conformance (merge-cdp, merge-iterative, n <= 70000)" \
      "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*merge_cdp*:*merge_iterative*"
  fi
  # radix's hybrid path (4- and 8-byte keys, with or without values) starts at about 2e7 keys; the
  # conformance sizes stop at 2^22, so it runs once more with the path taken from n = 2
  # (backends/radix/onesweep/hybrid.hpp).
  # GSB_RADIX_PORTION_N: the digit passes in portions of 5 tiles, so that the portion chaining (and, from 15
  # portions on, the look-back stamps' wrap) runs at these sizes too.
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 run_part "conformance (radix hybrid path from n = 2)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
  # (At these sizes the buckets are small: warps sort them, warp_buckets.cuh.) ... and with its bucket sort in
  # 128-thread blocks (bucket_sort.cuh: buckets of more than a warp's) at every size.
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=128 run_part "conformance (radix hybrid, 128-thread buckets)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
  # ... and in 256-thread blocks (the shape of uniform pairs' buckets at 1e8) at every size.
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=256 run_part "conformance (radix hybrid, 256-thread buckets)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
  # ... and 4-byte keys with u32 values there at 3e6 over skewed inputs too (kept on the path: its large buckets by
  # passes), so that the two-buffer kernel sorts buckets by runs and, for runs past 32 keys, by its stable rounds
  # (bucket_sort.cuh: bucket_carry_by_runs), validated.
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=256 GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
    GSB_RADIX_LARGE_BUCKETS_BY=passes run_part "radix hybrid, 256-thread buckets, 4-byte pairs by runs and past them" \
    "$B/gpusort-bench" --algo radix --type u32,i32,f32 --values u32,u64 --n 3e6 \
    --dist uniform,sorted,reverse,zipf,few-unique,all-equal,entropy-0.811,entropy-0.201 --order asc,desc --reps 1 \
    --warmup 0 -q
  # ... and 4-byte pairs' top-8-bit buckets one block each (segment_sort.cuh) at every size, in the form the device
  # takes (msd where a block holds it) and in the block sort's.
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2 run_part "conformance (radix hybrid, segment sort)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2 GSB_RADIX_SEGMENT_FORM=blocks \
    run_part "conformance (radix hybrid, segment sort by block sorts)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
  # ... and without the sample's verdict (GSB_RADIX_LARGE_BUCKETS_BY=passes): pairs whose top-8-bit buckets do not fit
  # the block take the 16-bit histogram after the first pass, then the plan and the rest of the path.
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2 GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
    GSB_RADIX_LARGE_BUCKETS_BY=passes run_part "conformance (radix hybrid, segment sort, no skew verdict)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
  # ... and in 512-thread blocks (large buckets only) at every size.
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512 run_part "conformance (radix hybrid, 512-thread buckets)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
  # ... and in place (one buffer, rows in registers: the largest buckets) at every size.
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place run_part "conformance (radix hybrid, in-place buckets)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
  # ... and 4-byte keys alone in the in-place kernels for buckets past 32 rows (44 rows, and 52 with 16-bit counts),
  # forced at every size.
  for rows in 44 52; do
    GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place-$rows \
      run_part "conformance (radix hybrid, in-place buckets of $rows rows)" \
      "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none"
  done
  # ... and 4-byte pairs in place in their 24-row kernel and in their 32-row kernel, whose keys carry their positions
  # (44 asks for more rows than pairs have: their most, 32), forced (the 22-row one is the in-place shape's at these
  # sizes, above).
  for rows in 24 44; do
    GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=512-in-place-$rows \
      run_part "conformance (radix hybrid, 4-byte pairs in place, at least $rows rows)" \
      "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
  done
  # ... and in their 768-thread kernel of 22 rows (buckets past the 22-row kernel's 11264 keys, where it applies:
  # Hopper; elsewhere the forced shape does not hold the bucket and the shape by the rule sorts it), forced.
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=768-in-place \
    run_part "conformance (radix hybrid, 4-byte pairs in place, 768 threads)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
  # ... and in the 1024-thread in-place kernel (buckets past the 52 rows', uniform u32 keys past about 1.68e9).
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place \
    run_part "conformance (radix hybrid, 1024-thread in-place buckets)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none"
  # ... and a run of bits 8 .. 15 past 2^16 keys there, which the block sorts (bucket_sort_long_run): entropy-0.201 keys
  # at 150000 put about 90000 in bucket 0 and 70000 in its run 0 (its buckets sorted by launches of both run lengths).
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
    GSB_RADIX_LARGE_BUCKETS_BY=passes run_part "radix hybrid, 1024-thread in-place buckets, a run past 2^16 keys" \
    "$B/gpusort-bench" --algo radix --type u32,i32,f32 --n 150000 --dist entropy-0.201,uniform --order asc,desc \
    --reps 1 --warmup 0 -q
  # ... and with every bucket of more than 4 keys sorted through global memory (large_buckets.cuh: the few buckets
  # past a block's capacity).
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 run_part "conformance (radix hybrid, buckets past a block)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
  # ... and by segmented passes (large_segments.cuh: many buckets past a block, a skewed input): past 4 keys (small n,
  # few distinct keys, Zipf; the passes in portions of 5 tiles, so that their look-back stamps wrap), and past 84
  # (uniform keys at 2^22, 64 a bucket on average: a few hundred segments to sort).
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 GSB_RADIX_LARGE_BUCKETS_BY=passes \
    run_part "conformance (radix hybrid, buckets past 4 keys by passes)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_LARGE_BUCKETS_ABOVE=84 GSB_RADIX_LARGE_BUCKETS_BY=passes \
    run_part "conformance (radix hybrid, buckets past 84 keys by passes)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
  # radix's one-block path (small.cuh) sorts keys of 4 and 8 bytes by runs from 2049 keys (1025 with 8-byte keys or
  # values) where the sample prices the runs under a budget, else by the block sort: each forced for every input
  # (long runs, all-equal keys), up to 70000 keys (16384 is the path's largest).
  for runs in always never; do
    GSB_RADIX_SMALL_RUNS=$runs GSB_CONFORMANCE_MAX_N=70000 run_part "conformance (radix one block, by runs $runs)" \
      "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_*"
  done
  # radix's counting sort of 1- and 2-byte keys starts at 2^16 / 2^22 keys (counting.cuh): once more from n = 2.
  GSB_RADIX_COUNTING_MIN_N=2 run_part "conformance (radix counting sort from n = 2)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u8_none:*/radix_u16_none"
  # ... and 2-byte keys' 16-bit histogram in portions (past 2^31 keys; here of 5000 keys, so that several are summed).
  GSB_RADIX_COUNTING_MIN_N=2 GSB_RADIX_COUNTING_PORTION_N=5000 run_part "conformance (radix counting sort in portions)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u16_none"
  # merge-samples sorts n <= 2^20 with small tiles (merge_samples.cuh, with_policy_for): its large-n tiles and
  # ranked passes once more from n = 2.
  GSB_MERGE_SAMPLES_LARGE=1 run_part "conformance (merge-samples large tiles from n = 2)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
  # Its partition kernel runs where a pass's merge blocks come in 7 waves or more (from 2^25 4-byte keys on an H200):
  # forced in every ranked pass, with the small tiles and with the large ones.
  GSB_MERGE_SAMPLES_PRESPLIT=1 run_part "conformance (merge-samples partition kernel)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
  GSB_MERGE_SAMPLES_PRESPLIT=1 GSB_MERGE_SAMPLES_LARGE=1 run_part \
    "conformance (merge-samples partition kernel, large tiles)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
  # Its four-way passes (keys alone of 1 to 4 bytes) where the merge blocks come in 3 waves or more (from about 2^24
  # 4-byte keys on an H200): forced in every ranked pass, with the small tiles and with the large ones.
  GSB_MERGE_SAMPLES_QUAD=1 run_part "conformance (merge-samples four-way passes)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
  GSB_MERGE_SAMPLES_QUAD=1 GSB_MERGE_SAMPLES_LARGE=1 run_part "conformance (merge-samples four-way passes, large tiles)" \
    "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/merge_samples_*"
  # The harness's own faults (tests/faults): through Runner::run, and through the binary with the command-line
  # tests, whose GPU cases (a device back-end wrong on one repetition, in core and out of core) skip elsewhere.
  if [ -x "$B/tests/faults/gsb_fault_runner_tests" ]; then
    run_part "fault runner tests" "$B/tests/faults/gsb_fault_runner_tests" --gtest_brief=1
  fi
  if [ -x "$B/tests/radix/gsb_radix_parts_tests" ]; then  # radix's tile ranking and look-back, each alone
    run_part "radix pass parts" "$B/tests/radix/gsb_radix_parts_tests"
  fi
  if [ -x "$B/tests/baselines/gsb_baseline_fairness_tests" ]; then  # each library baseline vs the library itself
    run_part "baseline fairness" "$B/tests/baselines/gsb_baseline_fairness_tests"
  fi
  if [ -d "${GSB_SOURCE_DIR:-.}/tests/cli" ] && python3 -c "import pytest" 2>/dev/null; then
    run_part "command-line tests" python3 -m pytest -q -p no:cacheprovider "${GSB_SOURCE_DIR:-.}/tests/cli" \
      "--gpusort-bench=$B/gpusort-bench" "--fault-backends=$B/tests/faults/libgsb_fault_backends.so"
  fi
fi
if [ "${GSB_SKIP_SANITIZER:-0}" != 1 ] && [ "$SAN_PART" != forced ]; then
  for tool in ${GSB_SANITIZER_TOOLS:-memcheck racecheck synccheck}; do
    filter=$SAN_FILTER exclude=$SAN_EXCLUDE
    case $tool in
      racecheck) filter=$RACE_FILTER ;;
      synccheck) filter=$SYNC_FILTER exclude="$exclude:*merge_cdp*" ;;  # synccheck does not support CDP
    esac
    GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=${GSB_SANITIZE_MAX_N:-70000} run_part "compute-sanitizer $tool" \
      compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 20 \
      "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=${filter}:${exclude}"
  done
fi
if [ "${GSB_SKIP_SANITIZER:-0}" != 1 ] && [ "$SAN_PART" != default ]; then
  # forced_sanitize NAME FILTER RACE_FILTER VAR=VALUE...: the tools over FILTER (racecheck, the slowest, over
  # RACE_FILTER), quick sizes, with the variables forcing a path at small n (they may also lower
  # GSB_CONFORMANCE_MAX_N; RACE_MAX_N=N before the call lowers it for racecheck alone, SKIP_RACE=1 leaves
  # racecheck out).
  forced_sanitize() {
    local name=$1 filter=$2 race=$3 tool f cap
    shift 3
    for tool in ${GSB_SANITIZER_TOOLS:-memcheck racecheck synccheck}; do
      f=$filter
      cap=()
      [ "$tool" = racecheck ] && [ -n "${SKIP_RACE:-}" ] && continue
      [ "$tool" = racecheck ] && f=$race
      [ "$tool" = racecheck ] && [ -n "${RACE_MAX_N:-}" ] && cap=("GSB_CONFORMANCE_MAX_N=$RACE_MAX_N")
      run_part "compute-sanitizer $tool ($name)" env GSB_CONFORMANCE_QUICK=1 \
        "GSB_CONFORMANCE_MAX_N=${GSB_SANITIZE_MAX_N:-70000}" "$@" "${cap[@]}" compute-sanitizer --tool "$tool" \
        --error-exitcode 99 --print-limit 20 "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=$f"
    done
  }
  # radix's one-block path by runs, forced for every input (the quick grid's sizes past 1025 are the path's largest
  # shapes' tiles and the few-unique keys' long runs), and the sample's verdict as it falls.
  for runs in always auto; do
    forced_sanitize "radix one block by runs $runs" "*/radix_u8_*:*/radix_u16_u32:*/radix_u32_*:*/radix_f32_u64:*/radix_u64_*" \
      "*/radix_u8_u32:*/radix_u32_none:*/radix_u32_u32:*/radix_u64_u64" GSB_RADIX_SMALL_RUNS=$runs GSB_CONFORMANCE_MAX_N=20000
  done
  # radix's counting sort of 1- and 2-byte keys without values, from the first n past the one-block path.
  forced_sanitize "radix counting" "*/radix_u8_none:*/radix_u16_none" "*/radix_u8_none:*/radix_u16_none" \
    GSB_RADIX_COUNTING_MIN_N=2
  forced_sanitize "radix counting in portions" "*/radix_u16_none" "*/radix_u16_none" GSB_RADIX_COUNTING_MIN_N=2 \
    GSB_RADIX_COUNTING_PORTION_N=5000
  # merge-samples' large-n tiles from n = 2 (above).
  forced_sanitize "merge-samples large tiles" "*/merge_samples_u32_u32:*/merge_samples_u64_none" \
    "*/merge_samples_u32_u32:*/merge_samples_u64_none" GSB_MERGE_SAMPLES_LARGE=1
  # ... and its partition kernel in every ranked pass, large tiles (keys alone: the sentinel merges).
  forced_sanitize "merge-samples partition kernel" "*/merge_samples_u32_none:*/merge_samples_u32_u32:*/merge_samples_u8_none" \
    "*/merge_samples_u32_none:*/merge_samples_u32_u32" GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_PRESPLIT=1
  # ... and its four-way passes in every ranked pass, large tiles.
  forced_sanitize "merge-samples four-way passes" "*/merge_samples_u32_none:*/merge_samples_u8_none" \
    "*/merge_samples_u32_none:*/merge_samples_u8_none" GSB_MERGE_SAMPLES_LARGE=1 GSB_MERGE_SAMPLES_QUAD=1
  # radix's hybrid path from n = 2 (above), its passes in portions of one tile; every type's buckets (a few keys at
  # these sizes) in the warp kernel, 8-byte keys its six rounds. Its bucket blocks make racecheck slow past a few
  # thousand keys (to 70000: over 200 s on an H100, session 31), so racecheck stops at 5000.
  RACE_MAX_N=5000 forced_sanitize "radix hybrid" \
    "*/radix_u32_none:*/radix_f32_none:*/radix_u32_u32:*/radix_u32_u64:*/radix_u64_none:*/radix_f64_u32:*/radix_u64_u64" \
    "*/radix_u32_none:*/radix_u32_u32:*/radix_u32_u64:*/radix_u64_none:*/radix_u64_u64" GSB_RADIX_HYBRID_MIN_N=2 \
    GSB_RADIX_PORTION_N=1
  # ... and 4-byte pairs' segment sort from n = 2.
  forced_sanitize "radix hybrid, segment sort" "*/radix_u32_u32:*/radix_f32_u32" "*/radix_u32_u32" \
    GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2
  forced_sanitize "radix hybrid, segment sort by block sorts" "*/radix_u32_u32:*/radix_f32_u32" "*/radix_u32_u32" \
    GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2 GSB_RADIX_SEGMENT_FORM=blocks
  forced_sanitize "radix hybrid, segment sort, no skew verdict" "*/radix_u32_u32:*/radix_f32_u32" "*/radix_u32_u32" \
    GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2 GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
    GSB_RADIX_LARGE_BUCKETS_BY=passes
  # ... and its 128-, 256- and 512-thread buckets of 4-byte pairs by runs (9, 11 and 12 digit bits) and past them
  # (above), racecheck at 3000 keys.
  if [[ " ${GSB_SANITIZER_TOOLS:-memcheck racecheck synccheck} " == *" racecheck "* ]]; then
    for threads in 128 256 512; do
      run_part "compute-sanitizer racecheck (radix hybrid, $threads-thread buckets, 4-byte pairs by runs)" env \
        GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$threads compute-sanitizer --tool racecheck \
        --error-exitcode 99 --print-limit 20 "$B/gpusort-bench" --algo radix --type u32 --values u32 --n 3000 \
        --dist uniform,few-unique,entropy-0.201 --reps 1 --warmup 0 -q
    done
  fi
  # ... and in 128-thread blocks forced (the blocks of buckets past a warp's).
  forced_sanitize "radix hybrid, 128-thread buckets" "*/radix_u32_none:*/radix_u32_u32:*/radix_u64_none:*/radix_u64_u64" \
    "*/radix_u32_none:*/radix_u64_u64" GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=128 \
    GSB_CONFORMANCE_MAX_N=5000
  # ... and its 512-thread bucket sort (large buckets) forced at every size; 65536 such blocks a sort make racecheck
  # slow, so n <= 5000 (44 s on an H100 for these two).
  forced_sanitize "radix hybrid, 512-thread buckets" "*/radix_u32_none:*/radix_u32_u32:*/radix_u64_none:*/radix_u64_u64" \
    "*/radix_u32_none:*/radix_u64_u64" GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512 \
    GSB_CONFORMANCE_MAX_N=5000
  # The in-place shape's racecheck is the slowest of all (65536 blocks of 512 threads a sort): through the conformance
  # grid it ran past 200 s at 5000 keys and past 170 s at 1200 (H200, session 32), so it runs through the tool on four
  # sorts of u64+u64 (the shape exists for 8-byte keys with values), validated: 20 s on an H200 (session 33).
  SKIP_RACE=1 forced_sanitize "radix hybrid, in-place buckets" \
    "*/radix_u32_none:*/radix_u32_u32:*/radix_u32_u64:*/radix_u64_none:*/radix_u64_u32:*/radix_u64_u64" \
    "" GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
    GSB_RADIX_BUCKET_THREADS=512-in-place GSB_CONFORMANCE_MAX_N=5000
  if [[ " ${GSB_SANITIZER_TOOLS:-memcheck racecheck synccheck} " == *" racecheck "* ]]; then
    run_part "compute-sanitizer racecheck (radix hybrid, in-place buckets)" env GSB_RADIX_HYBRID_MIN_N=2 \
      GSB_RADIX_PORTION_N=1 GSB_RADIX_BUCKET_THREADS=512-in-place compute-sanitizer --tool racecheck --error-exitcode 99 \
      --print-limit 20 "$B/gpusort-bench" --algo radix --type u64 --values u64 --n 1000,3000 --dist uniform \
      --order asc,desc --reps 1 --warmup 0 -q
  fi
  # 4-byte pairs' in-place kernels of two blocks an SM (22 rows, as the shape falls at these sizes, 24 and 32 forced,
  # and 768 threads of 22 rows forced), through the tool on u32+u32 (racecheck 16-38 s on an H200, session 83): every
  # tool, but the 22 rows' memcheck and synccheck, which the in-place shape's conformance above runs.
  for shape in 512-in-place 512-in-place-24 512-in-place-44 768-in-place; do
    for tool in ${GSB_SANITIZER_TOOLS:-memcheck racecheck synccheck}; do
      [ "$shape" = 512-in-place ] && [ "$tool" != racecheck ] && continue
      run_part "compute-sanitizer $tool (radix hybrid, 4-byte pairs in place, $shape)" env GSB_RADIX_HYBRID_MIN_N=2 \
        GSB_RADIX_BUCKET_THREADS=$shape compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 20 \
        "$B/gpusort-bench" --algo radix --type u32 --values u32 --n 3000,20000 --dist uniform,few-unique \
        --order asc,desc --reps 1 --warmup 0 -q
    done
  done
  # The 1024-thread in-place kernel's run past 2^16 keys (above), every tool.
  for tool in ${GSB_SANITIZER_TOOLS:-memcheck racecheck synccheck}; do
    run_part "compute-sanitizer $tool (radix hybrid, 1024-thread in-place buckets, a run past 2^16 keys)" env \
      GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 \
      GSB_RADIX_LARGE_BUCKETS_BY=passes compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 20 \
      "$B/gpusort-bench" --algo radix --type u32 --n 150000 --dist entropy-0.201 --reps 1 --warmup 0 -q
  done
  # The in-place kernels of 44 and 52 rows (4-byte keys alone, one kernel for u32, i32 and f32: u32 here), racecheck
  # through the tool: uniform keys put a key or none in most buckets at these n, the lowest entropy most keys in one
  # (about 18000 of 30000: 36 rows), which the sample would call skewed but for the forced large buckets (by passes,
  # past 2^20 keys: none).
  # The 1024-thread in-place kernel the same way (its buckets hold up to 106496 keys on Hopper: 30000 of the lowest
  # entropy fit).
  for shape in 512-in-place-44 512-in-place-52 1024-in-place; do
    what="in-place buckets of ${shape#512-in-place-} rows"
    [ "$shape" = 1024-in-place ] && what="1024-thread in-place buckets"
    SKIP_RACE=1 forced_sanitize "radix hybrid, $what" \
      "*/radix_u32_none:*/radix_i32_none:*/radix_f32_none" "" GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 \
      GSB_RADIX_BUCKET_THREADS=$shape GSB_CONFORMANCE_MAX_N=5000
    if [[ " ${GSB_SANITIZER_TOOLS:-memcheck racecheck synccheck} " == *" racecheck "* ]]; then
      run_part "compute-sanitizer racecheck (radix hybrid, $what)" env GSB_RADIX_HYBRID_MIN_N=2 \
        GSB_RADIX_PORTION_N=1 GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 GSB_RADIX_LARGE_BUCKETS_BY=passes \
        GSB_RADIX_BUCKET_THREADS=$shape compute-sanitizer --tool racecheck \
        --error-exitcode 99 --print-limit 20 "$B/gpusort-bench" --algo radix --type u32 --n 1000,30000 \
        --dist uniform,entropy-0.201 --order asc,desc --reps 1 --warmup 0 -q
    fi
  done
  # Racecheck to 1200 keys: to 3000 it ran past 120 s (H200, session 32), to 1200 it took 116 s.
  RACE_MAX_N=1200 forced_sanitize "radix hybrid, buckets past a block" \
    "*/radix_u32_none:*/radix_u32_u64:*/radix_u64_none:*/radix_f64_u32:*/radix_u64_u64" \
    "*/radix_u32_u32:*/radix_u64_u64" GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 \
    GSB_CONFORMANCE_MAX_N=3000
  forced_sanitize "radix hybrid, buckets past a block by passes" \
    "*/radix_u32_none:*/radix_i32_u64:*/radix_u64_none:*/radix_f64_u32:*/radix_u64_u64" \
    "*/radix_u32_u32:*/radix_f64_none" GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_RADIX_LARGE_BUCKETS_ABOVE=4 \
    GSB_RADIX_LARGE_BUCKETS_BY=passes GSB_CONFORMANCE_MAX_N=3000
  # radix's full tiles of one digit (pass.cuh: keys alone ranked by their positions, pairs stored straight from
  # registers), which the conformance grid's quick sizes do not hold: sorted, few-distinct and Zipf keys at 2^20
  # through the tool (validated), the LSD passes (memcheck and synccheck over both orders, signed keys and u64 values
  # as well: the last pass decodes) and the hybrid path forced (its bucket sort's 65536 blocks a sort are too slow for
  # racecheck: memcheck and synccheck only).
  for tool in ${GSB_SANITIZER_TOOLS:-memcheck racecheck synccheck}; do
    cases=(--type u32,u64,i32,f64 --values none,u32,u64 --order asc,desc)
    [ "$tool" = racecheck ] && cases=(--type u32,u64 --values none,u32)  # the wider set ran past 50 s (session 33)
    run_part "compute-sanitizer $tool (radix-lsd, full tiles of one digit)" compute-sanitizer --tool "$tool" \
      --error-exitcode 99 --print-limit 20 "$B/gpusort-bench" --algo radix-lsd "${cases[@]}" \
      --n 2^20 --dist sorted,few-unique,zipf --reps 1 --warmup 0 -q
    [ "$tool" = racecheck ] && continue
    run_part "compute-sanitizer $tool (radix hybrid, full tiles of one digit)" env GSB_RADIX_HYBRID_MIN_N=2 \
      compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 20 "$B/gpusort-bench" --algo radix \
      --type u32,f64 --values none,u32 --n 2^20 --dist sorted,few-unique --reps 1 --warmup 0 -q
  done
  if [ -x "$B/tests/radix/gsb_radix_parts_tests" ]; then  # the ranking and the look-back alone
    for tool in ${GSB_SANITIZER_TOOLS:-memcheck racecheck synccheck}; do
      run_part "compute-sanitizer $tool (radix pass parts)" \
        compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 20 "$B/tests/radix/gsb_radix_parts_tests"
    done
  fi
fi
if [ "${GSB_SKIP_BENCH:-0}" != 1 ] && [ $# -gt 0 ]; then
  run_part "benchmark" "$B/gpusort-bench" "$@" --json "$OUT/bench.json"
  section "benchmark table"
  grep -A1000 "^device " "$LOG" | tail -n +1 | head -200
fi
section "summary"
for s in "${summary[@]}"; do note "$s"; done
