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
    echo "== timing, every 4-byte key type with and without values, one look-back portion and two"
    timeout 200 "$T" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 --values none,u32,u64 --n 2^27,2^28 \
      --reps 5 --json "$O/hybrid-4byte.json"; echo "rc=$?"
    echo "== timing, where the path stops (two bucket-sort blocks per SM) and beyond"
    timeout 100 "$T" --algo radix,radix-lsd,cub-radix --type u32 --values none --n 2^29,7.5e8,1e9 --reps 3 \
      --json "$O/hybrid-edge-keys.json"; echo "rc=$?"
    timeout 100 "$T" --algo radix,radix-lsd,cub-radix --type u32 --values u32 --n 3.6e8,2^29 --reps 3 \
      --json "$O/hybrid-edge-u32.json"; echo "rc=$?"
    timeout 100 "$T" --algo radix,radix-lsd,cub-radix --type u32 --values u64 --n 2.3e8,3e8 --reps 3 \
      --json "$O/hybrid-edge-u64.json"; echo "rc=$?"
    echo "== timing, skewed keys at 2^28 (the path falls back)"
    timeout 100 "$T" --algo radix,radix-lsd,cub-radix --type u32 --values none --n 2^28 \
      --dist sorted,few-unique,zipf,entropy-0.811,entropy-0.201 --reps 3 --json "$O/hybrid-dists.json"; echo "rc=$?"
  fi
} > "$L" 2>&1
grep -E "^==|PASSED|FAILED|SUMMARY|rc=|^radix|^cub-radix|FAIL|^ *[0-9]|u32 " "$L" | cut -c1-200 | head -150
