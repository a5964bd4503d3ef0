#!/usr/bin/env bash
# Session 66, round 3. Round 2: form 5 (256 x 16 at 3 blocks, values in registers) beat the LSD row in all 12 cells of
# 8-byte keys with u32 values it was measured on (-1.0% to -5.7%, few-unique -0.1%), and the landed build (`fallback`)
# passed the forced hybrid conformance parts; its memcheck and synccheck ran, but the forced "every bucket past 4 keys"
# sorts those buckets by blocks, not by the LSD passes, and its racecheck ran past its 120 s. Here:
# (1) which pass kernel the fallback launches (ncu, the first pass kernel of u64+u32 entropy-0.201 at 1e6, the path
# forced from n = 2); (2) memcheck and synccheck of sorts that the sample hands to the fallback (8-byte keys with u32
# values, entropy-0.201 and Zipf, 300000 keys, portions of one tile), racecheck of two at 20000 keys;
# (3) through compute_80 PTX (`sm80`: the same tree built 80-virtual, run by the H200's driver with the sm80 band's
# policy, GSB_ARCH=80): the forced hybrid path's conformance over 4- and 8-byte keys (its passes with the values through
# shared memory at 2 blocks for 4-byte keys with u32 values: session 65's change; the fallback's row for 8-byte keys
# with u32 values), memcheck of that path over u32+u32 and u64+u32, and u32+u32 at 1e8 beside cub-radix (validated).
set -u
source scripts/device-round.sh
T=.carry/fallback.tar.xz
F=$(unpack "$T")
P8=$(mktemp -d) && tar -xJf .carry/sm80.tar.xz -C "$P8"
part 60 env GSB_RADIX_HYBRID_MIN_N=2 ncu --kernel-name regex:pass_kernel --launch-count 1 --section LaunchStats \
  "$F/gpusort-bench" --algo radix --type u64 --values u32 --dist entropy-0.201 --n 1e6 --reps 1 --warmup 0 -q
for tool in memcheck synccheck; do
  for c in "u64 entropy-0.201" "i64 zipf" "f64 entropy-0.201"; do
    set -- $c
    part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=4096 compute-sanitizer --tool $tool --error-exitcode 99 \
      --print-limit 20 "$F/gpusort-bench" --algo radix --type "$1" --values u32 --dist "$2" --n 300000 --reps 1 \
      --warmup 0 -q
  done
done
for c in "u64 entropy-0.201" "f64 zipf"; do
  set -- $c
  part 90 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=4096 compute-sanitizer --tool racecheck --error-exitcode 99 \
    --print-limit 20 "$F/gpusort-bench" --algo radix --type "$1" --values u32 --dist "$2" --n 20000 --reps 1 --warmup 0 -q
done
part 150 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 "$P8/tests/gsb_conformance" --gtest_brief=1 \
  '--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*'
part 90 env GSB_ARCH=80 GSB_CONFORMANCE_QUICK=1 GSB_CONFORMANCE_MAX_N=70000 GSB_RADIX_HYBRID_MIN_N=2 \
  GSB_RADIX_PORTION_N=1 compute-sanitizer --tool memcheck --error-exitcode 99 --print-limit 20 \
  "$P8/tests/gsb_conformance" --gtest_brief=1 '--gtest_filter=*/radix_u32_u32:*/radix_u64_u32'
part 90 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=4096 compute-sanitizer --tool memcheck \
  --error-exitcode 99 --print-limit 20 "$P8/gpusort-bench" --algo radix --type u64 --values u32 --dist entropy-0.201 \
  --n 300000 --reps 1 --warmup 0 -q
part 90 env GSB_ARCH=80 "$P8/gpusort-bench" --algo cub-radix,radix --type u32 --values u32 --n 1e8 --warmup 2 --reps 5 \
  --json "$OUT/ptx80-u32u32-1e8.json"
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|pass_kernel|policy|Block Size|Registers" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys
for c in json.load(open(f"{sys.argv[1]}/ptx80-u32u32-1e8.json"))["cases"]:
    print(c["backend"], c["key_type"], c["values"], c["n"], c["status"], (c.get("validation") or {}).get("status"),
          c["timing"]["median_ms"] if c.get("timing") else None)
PY
