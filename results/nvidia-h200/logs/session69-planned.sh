#!/usr/bin/env bash
# Planned in session 68 for a later session's first device call (not run: session 68's device time was spent).
# Issue 19: session 68's 1024-thread bucket kernel holding its keys' low halves (c9356c8; 73728 keys a bucket on sm80)
# through compute_80 PTX on an H200, which session 68 could not run: the tree built 80-virtual (a clone of the head,
# scripts/setup.sh, `cmake --preset release -DCMAKE_CUDA_ARCHITECTURES=80-virtual`, ninja gpusort-bench
# tests/gsb_conformance), packed as .carry/sm80.tar.xz (tar -cJf .carry/sm80.tar.xz -C BUILD gpusort-bench libgsb.so
# tests/gsb_conformance), run with GSB_ARCH=80 (the sm80 band's policy): the 1024-thread buckets forced, the forced
# hybrid path over 4-byte keys alone, and the run past 2^16 keys forced (validated) with memcheck.
# Run: LIMIT=300 bash <this script>.
set -u
source scripts/device-round.sh
E=$(unpack .carry/sm80.tar.xz)
F="--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none"
part 60 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place "$E/tests/gsb_conformance" \
  --gtest_brief=1 "$F"
part 60 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 "$E/tests/gsb_conformance" --gtest_brief=1 "$F"
X="GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576"
X="$X GSB_RADIX_LARGE_BUCKETS_BY=passes"
part 60 env $X "$E/gpusort-bench" --algo radix --type u32,i32,f32 --n 150000 --dist entropy-0.201,uniform \
  --order asc,desc --reps 1 --warmup 0 -q
part 60 env $X compute-sanitizer --tool memcheck --error-exitcode 99 --print-limit 20 "$E/gpusort-bench" --algo radix \
  --type u32 --n 150000 --dist entropy-0.201 --reps 1 --warmup 0 -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY" "$L" | cut -c1-200
