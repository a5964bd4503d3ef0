#!/usr/bin/env bash
# Session 70, round 2 (issue 19, item 1: 4-byte keys with u32 values short of 1.5x). `hold` (f6b571e + hold.patch):
# the two-buffer bucket kernel of 4-byte keys with u32 values, where each thread's keys are at most 8 (the load's
# unroll; block-uniform), holds each key's low half and the count its digit had before it (the counting atomic's old
# value) in registers, so that after the scan each key is placed from its run's end without a second read of the word
# and without a second atomic, and the words in input order are written to shared memory only where a run is too long
# (the stable rounds). ptxas 13.0 sm_90: the u32+u32 kernels 56/58/58 registers (128/256/512 threads; 40/40/48
# before), so fewer blocks an SM by registers; `cap` = hold with those kernels bounded to 1280 threads an SM
# (__launch_bounds__ min blocks). (1) Correctness of hold: the forced hybrid conformance of 4-byte keys with u32
# values in 128-, 256- and 512-thread buckets (small buckets: the held form; skewed ones: its fall-back), the
# device-run part of 256-thread buckets of 4-byte pairs at 3e6 (larger buckets: the atomic form) and its racecheck,
# memcheck and synccheck of the 256-thread shape. (2) Timing, cub-radix in every run, --validate none, base / hold / cap
# alternated twice: u32/i32/f32 with u32 values at 1e8, 2^27, 2^28.
set -u
source scripts/device-round.sh
A=$(unpack .carry/base.tar.xz)
H=$(unpack .carry/hold.tar.xz)
C=$(unpack .carry/cap.tar.xz)
P="*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
for t in 256 128 512; do
  part 45 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$t "$H/tests/gsb_conformance" --gtest_brief=1 \
    "--gtest_filter=$P"
done
part 60 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^radix hybrid, 256-thread buckets, 4-byte pairs' \
  bash .carry/device-run.sh .carry/hold.tar.xz "$OUT/forced"
S="GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=1"
S="$S GSB_RADIX_BUCKET_THREADS=256"
for tool in memcheck synccheck; do
  part 45 env $S compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$H/tests/gsb_conformance" \
    --gtest_brief=1 "--gtest_filter=*/radix_u32_u32:*/radix_f32_u32"
done
part 45 env $S GSB_CONFORMANCE_MAX_N=5000 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 20 \
  "$H/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*/radix_u32_u32"
part 30 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=256 compute-sanitizer --tool racecheck --error-exitcode 99 \
  --print-limit 20 "$H/gpusort-bench" --algo radix --type u32 --values u32 --n 3000 \
  --dist uniform,few-unique,entropy-0.201 --reps 1 --warmup 0 -q
BUILDS="base=$A hold=$H cap=$C"
alternate 40 pairs32 --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 1e8,2^27,2^28 --warmup 1 --reps 5 \
  --validate none -q
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|failed|mismatch" "$L" | cut -c1-200
grep -hE "^=== |PASSED|FAILED|tests ran| rc=" "$OUT/forced/device.log" | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
t = {}
for f in sorted(glob.glob(f"{sys.argv[1]}/pairs32-*.json")):
    build = f.split("/")[-1][len("pairs32-"):-len(".json")]
    for c in json.load(open(f))["cases"]:
        t.setdefault((c["key_type"], c["n"]), {})[(build, c["backend"])] = c["timing"]["median_ms"]
for k, v in sorted(t.items()):
    print(*k, " ".join(f"{b}:{ms:.4f}" for (b, be), ms in sorted(v.items()) if be == "radix"),
          " ".join(f"cub-{b}:{ms:.4f}" for (b, be), ms in sorted(v.items()) if be == "cub-radix"))
PY
