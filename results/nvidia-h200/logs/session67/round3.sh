#!/usr/bin/env bash
# Session 67, round 3 (issue 19), the session's last call. `passes` = 050ba7f + logs/session67/passes.patch: the sample
# keeps 8-byte keys alone or with 8-byte values on the hybrid path to 3/4 of its samples heavy (1/8 before) up to 2^28
# keys, so that Zipf and entropy-0.811 inputs have their large buckets sorted by segmented passes (round 2: faster than
# the LSD passes at 1e8), while lower entropies still leave. `reread` = 9945285 + reread.patch (the device code of
# 050ba7f: before). `sm80` = passes' tree built 80-virtual (compute_80 PTX, run with GSB_ARCH=80).
# (1) passes: the sample's device test; the radix conformance over every size; memcheck and synccheck of the natural
# route of skewed 8-byte keys at 2^22 (Zipf: buckets past a block by passes; entropy-0.811: one bucket past it, one
# block through global memory). (2) passes, validated, cub-radix in each run: u64 and f64, keys alone and with u64
# values, six distributions, at 1e8; u64 at 2^24 and 2^28. (3) sm80 through PTX: reread's 1024-thread kernel (its sm80
# capacity 32768 -> 36864) forced, and the forced hybrid path of 8-byte keys. (4) reread at 2^28 (timing only): Zipf
# and entropy-0.811 before.
set -u
source scripts/device-round.sh
P=$(unpack .carry/passes.tar.xz)
R=$(unpack .carry/reread.tar.xz)
E=$(unpack .carry/sm80.tar.xz)
part 30 "$P/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 '--gtest_filter=*Sample*'
part 150 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_CONFORMANCE_FILTER='*radix*' \
  GSB_PARTS='^conformance \(GPU\)$' bash .carry/device-run.sh .carry/passes.tar.xz "$OUT/conformance-radix"
for tool in memcheck synccheck; do
  part 60 compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 "$P/gpusort-bench" --algo radix \
    --type u64 --values none,u64 --dist zipf,entropy-0.811 --n 2^22 --reps 1 --warmup 0 -q
done
D=uniform,zipf,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201
part 110 "$P/gpusort-bench" --algo cub-radix,radix --type u64,f64 --values none,u64 --dist $D --n 1e8 --warmup 1 \
  --reps 3 -q --json "$OUT/passes-1e8.json"
part 130 "$P/gpusort-bench" --algo cub-radix,radix --type u64 --values none,u64 --dist $D --n 2^24,2^28 --warmup 1 \
  --reps 3 -q --json "$OUT/passes-2p24-2p28.json"
part 40 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=1024-in-place "$E/tests/gsb_conformance" \
  --gtest_brief=1 '--gtest_filter=*/radix_u32_none:*/radix_i32_none:*/radix_f32_none'
part 40 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 "$E/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u64_none:*/radix_u64_u64:*/radix_f64_none:*/radix_i64_u64'
part 40 "$R/gpusort-bench" --algo cub-radix,radix --type u64 --values none,u64 --dist zipf,entropy-0.811 --n 2^28 \
  --warmup 1 --reps 3 --validate none -q --json "$OUT/reread-2p28.json"
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|code compute|policies" "$L" | cut -c1-200
grep -hE "^=== conformance|PASSED|FAILED|tests ran" "$OUT"/conformance-radix/device.log | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    t = {}
    for c in json.load(open(f))["cases"]:
        ok = c["status"] == "ok" and (c.get("validation") or {}).get("status") in ("passed", "not-run")
        t.setdefault((c["key_type"], c["values"], c["distribution"], c["n"]), {})[c["backend"]] = (
            c["timing"]["median_ms"] if ok and c.get("timing") else None, (c.get("validation") or {}).get("status"))
    for k, v in t.items():
        r, cb = v.get("radix", (None, None)), v.get("cub-radix", (None, None))
        q = f"{cb[0] / r[0]:.3f}" if r[0] and cb[0] else "-"
        print(f.split("/")[-1], *k, "radix", r, "cub", cb, "ratio", q)
PY
