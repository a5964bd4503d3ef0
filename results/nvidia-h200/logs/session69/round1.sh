#!/usr/bin/env bash
# Session 69, round 1 (issue 19, item 1: 4-byte keys with values short of 1.5x). `runs` (0af673b + the two-buffer
# bucket kernel of 4-byte keys with values sorting a bucket by one counting round over the top 11-13 bits of the low
# half, each key placed by its counting atomic, then ranked within its run by comparison of (low bits, position):
# stable; buckets with a run past 32 keys take the two stable rounds as before) against `land` (session 68's build,
# c9356c8's kernels). (1) runs' correctness: the forced hybrid conformance over 4-byte keys with u32 and u64 values in
# 128-, 256- and 512-thread buckets (the two-buffer shapes that run the new form; skewed inputs there put runs past 32
# keys: the stable rounds); memcheck, synccheck and racecheck of the 256-thread shape. (2) Timing, cub-radix in every
# run, --validate none, land and runs alternated twice: u32/i32/f32 with u32 values at 1e8, 2^27, 2^28; u32+u64 at
# 1e8 and 2^28. (3) runs validated at 1e8 over uniform and skewed pairs. (4) Session 68's planned check: its
# low-halves kernel through compute_80 PTX (.carry/sm80.tar.xz, GSB_ARCH=80), if time is left.
set -u
source scripts/device-round.sh
A=$(unpack .carry/land.tar.xz)
N=$(unpack .carry/runs.tar.xz)
BUILDS="land=$A runs=$N"
P="*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32:*/radix_u32_u64:*/radix_i32_u64:*/radix_f32_u64"
for t in 256 128 512; do
  part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$t "$N/tests/gsb_conformance" --gtest_brief=1 \
    "--gtest_filter=$P"
done
alternate 45 pairs32 --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 1e8,2^27,2^28 --warmup 1 --reps 5 \
  --validate none -q
alternate 30 pairs64 --algo cub-radix,radix --type u32 --values u64 --n 1e8,2^28 --warmup 1 --reps 5 --validate none -q
part 90 "$N/gpusort-bench" --algo cub-radix,radix --type u32,f32 --values u32 --n 1e8 \
  --dist uniform,zipf,entropy-0.811,entropy-0.544,sorted,few-unique --warmup 1 --reps 3 --json "$OUT/validated.json" -q
S="GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1"
S="$S GSB_RADIX_BUCKET_THREADS=256"
for tool in memcheck synccheck; do
  part 60 env $S compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$N/tests/gsb_conformance" \
    --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_f32_u64"
done
part 60 env $S GSB_CONFORMANCE_MAX_N=5000 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 \
  "$N/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32"
E=$(unpack .carry/sm80.tar.xz)
F="--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none"
part 40 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place "$E/tests/gsb_conformance" \
  --gtest_brief=1 "$F"
X="GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576"
X="$X GSB_RADIX_LARGE_BUCKETS_BY=passes"
part 30 env $X "$E/gpusort-bench" --algo radix --type u32,i32,f32 --n 150000 --dist entropy-0.201,uniform \
  --order asc,desc --reps 1 --warmup 0 -q
part 30 env $X compute-sanitizer --tool memcheck --error-exitcode 99 --print-limit 20 "$E/gpusort-bench" --algo radix \
  --type u32 --n 150000 --dist entropy-0.201 --reps 1 --warmup 0 -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|failed|mismatch" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    for c in json.load(open(f))["cases"]:
        print(f.split("/")[-1], c["key_type"], c.get("values"), c["distribution"], c["n"], c["backend"], c["status"],
              (c.get("validation") or {}).get("status"), c["timing"]["median_ms"] if c.get("timing") else None)
PY
