#!/bin/bash
# One device call for the radix family: the build outputs travel as one archive (tools/library/harness),
# every step has its own time limit, logs go to $OUT, a short summary comes last.
#   usage (on the device machine, in the repository root): tools/radix/device_run.sh .carry/radix/gsb_build.tar.xz
# The archive holds b/{libgsb.so,gpusort-bench,gsb_conformance,radix_bench}, made here with
#   tar cJf gsb_build.tar.xz b   (after copying build/<dir>/libgsb.so, gpusort-bench, tests/gsb_conformance and
#   the harness into b/).
set -u
ARCHIVE=${1:?archive}
OUT=${OUT:-/tmp/radix_out}
mkdir -p "$OUT" /tmp/radix_b
tar xJf "$ARCHIVE" -C /tmp/radix_b
B=/tmp/radix_b/b
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
step() {  # step NAME LIMIT_S COMMAND...
  local name=$1 limit=$2
  shift 2
  local t0=$(date +%s)
  timeout "$limit" "$@" > "$OUT/$name.log" 2>&1
  local rc=$?
  echo "== $name rc=$rc $(( $(date +%s) - t0 ))s" | tee -a "$OUT/summary.txt"
}
date -u | tee "$OUT/summary.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader | tee -a "$OUT/summary.txt"

step perf 70 $B/radix_bench perf 1e8 10
step conformance 100 $B/gsb_conformance --gtest_filter='*/radix_u*:*/radix_i*:*/radix_f*'
step tool 80 bash -c "$B/gpusort-bench --algo radix,cub-radix --n 1e8 --type u32,u64,f32 --values none \
  --json $OUT/tool_keys.json && $B/gpusort-bench --algo radix,cub-radix --n 1e8 --type u32 --values u32 \
  --json $OUT/tool_kv.json"
GSB_CONFORMANCE_QUICK=1 step ladder 50 $B/gsb_conformance \
  --gtest_filter='*/radix_naive_*:*/radix_shared_*:*/radix_multibit_u*:*/radix_multibit_i*:*/radix_multibit_f*:*/radix_multibit_r3_*:*/radix_multibit_r8_*:*/radix_coarse_*'
GSB_CONFORMANCE_QUICK=1 step memcheck 45 compute-sanitizer --tool memcheck $B/gsb_conformance \
  --gtest_filter='*/radix_u32_*:*/radix_f64_u64:*/radix_u8_none:*/radix_coarse_u32_u32:*/radix_naive_u16_none:*/radix_multibit_r5_i64_none'
step big 25 $B/radix_bench big

{
  echo "-- perf"; grep -v ladder "$OUT/perf.log" | cut -c1-160
  echo "-- conformance"; grep -E "PASSED|FAILED|tests ran" "$OUT/conformance.log" | head -5
  echo "-- ladder"; grep -E "PASSED|FAILED|tests ran" "$OUT/ladder.log" | head -5
  echo "-- memcheck"; grep -E "ERROR SUMMARY|PASSED|FAILED" "$OUT/memcheck.log" | head -5
  echo "-- big"; grep "big:" "$OUT/big.log"
  echo "-- tool"; tail -14 "$OUT/tool.log"
} | tee -a "$OUT/summary.txt"
