#!/usr/bin/env bash
# Planned for session 65 (session 64's round 9, not run: the device refused the call, its time spent). Needs
# .carry/fold.tar.xz: the head with logs/session64/fold.patch applied, built and packed as `fold`.
# The loop in which a block's warps take the digits' runs in turn, written in both the
# 1024-thread in-place kernel and the pairs' kernel, folded into one helper (`fold`, logs/session64/fold.patch,
# bucket_runs_in_turn; ptxas sm_90 gives both kernels the registers they had, 52 and 64, no spills). Its checks: the
# forced hybrid path, the 1024-thread buckets and both pairs parts (conformance; memcheck and synccheck), and validated
# runs of u32 keys at 2^31 (the 1024-thread kernel) and 2^32+17 (the pairs), radix alone, as a check against round 8.
set -u
source scripts/device-round.sh
T=.carry/fold.tar.xz
part 60 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 \
  GSB_PARTS='^conformance \(radix hybrid(, 1024-thread in-place buckets|, pairs of 1024-thread blocks.*| path from n = 2)\)$' \
  bash .carry/device-run.sh "$T" "$OUT/conformance"
part 40 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid, (1024-thread in-place buckets|pairs of 1024-thread blocks.*)\)$' \
  GSB_PART_TIMEOUT=30 bash .carry/device-run.sh "$T" "$OUT/sanitizer"
M=$(unpack "$T")
part 60 "$M/gpusort-bench" --algo radix --type u32 --n 2^31,2^32+17 --reps 3 -q --json "$OUT/fold-check.json"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys
for c in json.load(open(f"{sys.argv[1]}/fold-check.json"))["cases"]:
    print(c["backend"], c["key_type"], c["n"], c["status"], (c.get("validation") or {}).get("status"),
          c["timing"]["median_ms"] if c.get("timing") else None)
PY
