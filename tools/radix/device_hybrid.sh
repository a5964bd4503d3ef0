#!/usr/bin/env bash
# One device call for the hybrid path of `radix` (backends/radix/onesweep/hybrid.hpp): correctness first
# (conformance of radix and radix-lsd; the path forced from n = 2 with the digit passes in small portions, so that
# the portion chaining and the look-back stamps' wrap run at test sizes; the three sanitizers on that), then the
# same-run timing of radix, radix-lsd and cub-radix where the path now goes (one look-back portion and beyond).
#   here:  scripts/build.sh && scripts/pack-build.sh
#   there: bash tools/radix/device_hybrid.sh .carry/build.tar.xz "$OUT" [what: all|check|time] (kind nvidia-h200)
set -u
B=$(mktemp -d); tar -xJf "${1:?build tarball}" -C "$B"; O=${2:?output folder}; mkdir -p "$O"; WHAT=${3:-all}
export LD_LIBRARY_PATH=$B
L=$O/hybrid.log
T="$B/gpusort-bench"
C="$B/tests/gsb_conformance"
HYB='*/radix_u32_none:*/radix_i32_none:*/radix_f32_none:*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32:*/radix_u32_u64:*/radix_f32_u64'
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u
  if [ "$WHAT" != time ]; then
    echo "== conformance radix, radix-lsd"
    timeout 150 "$C" --gtest_brief=1 --gtest_filter='*/radix_u*:*/radix_i*:*/radix_f*:*/radix_lsd_*'
    echo "rc=$?"
    echo "== conformance radix 4-byte keys, hybrid path from n = 2, portions of 38400 keys (GSB_RADIX_PORTION_N)"
    GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 timeout 120 "$C" --gtest_brief=1 \
      --gtest_filter="$HYB:*/radix_lsd_u32_u32:*/radix_lsd_u64_none:*/radix_lsd_u8_u64"
    echo "rc=$?"
    for t in memcheck racecheck synccheck; do
      f='*/radix_u32_none:*/radix_f32_none:*/radix_u32_u32:*/radix_u32_u64:*/radix_lsd_u64_u32'
      [ $t = racecheck ] && f='*/radix_u32_none:*/radix_u32_u32'
      echo "== $t, hybrid path from n = 2, portions of one tile, quick sizes"
      GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 timeout 150 \
        compute-sanitizer --tool $t --error-exitcode 99 "$C" --gtest_brief=1 --gtest_filter="$f"
      echo "rc=$?"
    done
    echo "== memcheck, the one-block path (n <= 8200)"
    GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=8200 timeout 100 compute-sanitizer --tool memcheck --error-exitcode 99 \
      "$C" --gtest_brief=1 --gtest_filter='*/radix_u8_u64:*/radix_u16_none:*/radix_u32_u32:*/radix_u64_u64:*/radix_f64_none'
    echo "rc=$?"
  fi
  if [ "$WHAT" != check ]; then
    echo "== timing, u32 keys and u32+u32 beyond one look-back portion"
    timeout 200 "$T" --algo radix,radix-lsd,cub-radix --type u32 --values none,u32 --n 1e8,2^27,2^28,3e8,2^29 \
      --reps 5 --json "$O/hybrid-big.json"; echo "rc=$?"
    echo "== the bucket sort at 2^28 with 128-thread blocks (GSB_TMP_BUCKET_WIDE_ABOVE), then 256"
    for w in 1000000 4096; do
      GSB_TMP_BUCKET_WIDE_ABOVE=$w timeout 60 "$T" --algo radix,cub-radix --type u32 --values none,u32 --n 2^28 \
        --reps 5 --json "$O/hybrid-wide-$w.json"; echo "rc=$?"
    done
    echo "== u32 keys 1e9"
    timeout 120 "$T" --algo radix,radix-lsd,cub-radix --type u32 --n 1e9 --reps 3 --json "$O/hybrid-1e9.json"
    echo "rc=$?"
  fi
} > "$L" 2>&1
grep -E "^==|PASSED|FAILED|SUMMARY|rc=|^radix|^cub-radix|FAIL|^ *[0-9]|u32 " "$L" | cut -c1-200 | head -150
