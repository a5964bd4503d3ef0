#!/usr/bin/env bash
# Session 72 round 1, on an H100 (issue 19: "the same grid on an H100 once, to show the policy holds on both", every
# point >= 0.95x there; the last H100 grid ran session 27's code). Build `land`: the landed device code (b28a8d0's,
# main 7e19a0e) with the parts test of the warp bucket kernel's pairs (by runs, carried as words of low half over
# position: stable). Parts: (1) the radix parts test, and memcheck, racecheck and synccheck of its warp bucket tests;
# (2) the grid's main sub-run (n <= 2^28, every key type, values none/u32/u64, radix and cub-radix in one invocation a
# sub-run, 10 repetitions, every case validated); (3) every radix conformance case.
# Build: CUDAARCHS=90-real scripts/build.sh; scripts/pack-build.sh build/release land. Run: LIMIT=580 bash <this>.
set -u
source scripts/device-round.sh
B=$(unpack .carry/land.tar.xz)
part 40 "$B/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
for tool in memcheck racecheck synccheck; do
  part 25 compute-sanitizer --tool $tool --error-exitcode 9 "$B/tests/radix/gsb_radix_parts_tests" --gtest_brief=1 \
    "--gtest_filter=*WarpBuckets*"
done
part 350 env GSB_TOOL="$B/gpusort-bench" scripts/sweep.sh --parts radix-grid --grid-runs main --no-plot \
  --out "$OUT/grid"
part 150 "$B/tests/gsb_conformance" --gtest_brief=1 "--gtest_filter=*radix*"
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|failed|mismatch" "$L" | cut -c1-200
python3 - "$OUT/grid/radix-grid.json" <<'PY'
import json, sys
cases = json.load(open(sys.argv[1]))["cases"]
t, bad = {}, 0
for c in cases:
    ok = c["status"] == "ok" and (c.get("validation") or {}).get("status") == "passed"
    bad += not ok
    if not ok:
        print("NOT PASSED", c["backend"], c["key_type"], c.get("values"), c["n"], c["status"])
        continue
    t.setdefault((c["key_type"], str(c.get("values")), c["n"]), {})[c["backend"]] = c["timing"]["median_ms"]
print("cases:", len(cases), "not passed:", bad)
r = sorted((v["cub-radix"] / v["radix"], k) for k, v in t.items() if len(v) == 2)
print("cells:", len(r), "under 1.0:", sum(x < 1 for x, _ in r), "under 0.95:", sum(x < 0.95 for x, _ in r))
for x, k in r[:12]:
    print(f"{x:.3f}", *k)
PY
