#!/usr/bin/env bash
# Session 65, round 9. The LSD passes of 4-byte keys with u32 values (the path below 7e6 pairs, and skewed pairs after
# the sample) with the hybrid passes' new shape: `lsd` (logs/session65/lsd.patch: the u32+u32 row of hopper_shape at
# 256 x 24, 3 blocks, shared values, as hopper_hybrid_shape's) against `land` (the head's device code), alternated
# twice, cub-radix in every run: radix at 2^22 and 6e6 (the LSD passes there) for u32, i32, f32 with u32 values;
# radix-lsd at 1e8 for u32+u32; radix on u32+u32 Zipf and entropy-0.201 keys at 1e8. Then `lsd`'s radix-lsd conformance
# over 4-byte keys with u32 values, and memcheck and synccheck of it.
set -u
source scripts/device-round.sh
A=$(unpack .carry/land.tar.xz)
B=$(unpack .carry/lsd.tar.xz)
BUILDS="land=$A lsd=$B"
alternate 40 small --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 2^22,6e6 --reps 10 -q
alternate 40 lsd1e8 --algo cub-radix,radix-lsd --type u32 --values u32 --n 1e8 --reps 10 -q
alternate 40 skew --algo cub-radix,radix --type u32 --values u32 --n 1e8 --dist zipf,entropy-0.201 --reps 10 -q
part 90 env GSB_CONFORMANCE_MAX_N=70000 "$B/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_lsd_u32_u32:*/radix_lsd_i32_u32:*/radix_lsd_f32_u32:*/radix_u32_u32'
for tool in memcheck synccheck; do
  part 60 env GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 compute-sanitizer --tool $tool --error-exitcode 99 \
    --print-limit 20 "$B/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_lsd_u32_u32:*/radix_lsd_f32_u32'
done
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY" "$L" | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, glob
for name in ("small", "lsd1e8", "skew"):
    for f in sorted(glob.glob(f"{sys.argv[1]}/{name}-*.json")):
        t = {}
        for c in json.load(open(f))["cases"]:
            t[(c["key_type"], c["n"], c["distribution"], c["backend"])] = (
                c["timing"]["median_ms"] if c.get("timing") else None, (c.get("validation") or {}).get("status"))
        for (k, n, d, b), (ms, v) in sorted(t.items()):
            if b == "cub-radix": continue
            cub = t.get((k, n, d, "cub-radix"), (None,))[0]
            print(f.split("/")[-1], k, n, d, b, f"{ms:.4f} ms", v, f"ratio {cub / ms:.3f}" if ms and cub else "")
PY
