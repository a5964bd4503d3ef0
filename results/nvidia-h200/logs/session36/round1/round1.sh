#!/usr/bin/env bash
# Round 1 (session 36, H200): whole-wave portions (NEW) against the old split of whole tiles, forced in the same
# binary with GSB_RADIX_PORTION_N=134215680 (max_portion_items' whole tiles of 7680: exactly the old u32 portions),
# alternated; radix conformance (portions forced small, and plain); perf-check baseline refresh.
set -u
NEW=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$NEW"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-570}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
"$NEW/gpusort-bench" --version | head -1 | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
OLDSPLIT="env GSB_RADIX_PORTION_N=134215680"
G=$NEW/gpusort-bench
b1e9() { part 40 $1 "$G" --algo radix-lsd,cub-radix --type u32 --n 1e9 --reps 7 --json $OUT/$2.json -q; }
b1e9 "" s36r1-lsd1e9-new-a; b1e9 "$OLDSPLIT" s36r1-lsd1e9-old-a; b1e9 "$OLDSPLIT" s36r1-lsd1e9-old-b; b1e9 "" s36r1-lsd1e9-new-b
part 60 "$G" --algo radix,cub-radix --type u32 --n 2^28,2^30 --reps 7 --json $OUT/s36r1-hyb-new.json -q
part 60 $OLDSPLIT "$G" --algo radix --type u32 --n 2^28,2^30 --reps 7 --json $OUT/s36r1-hyb-old.json -q
part 110 "$G" --algo radix,cub-radix --type u32 --n 2^32+17 --reps 5 --json $OUT/s36r1-big-new.json -q
part 110 $OLDSPLIT "$G" --algo radix --type u32 --n 2^32+17 --reps 5 --json $OUT/s36r1-big-old.json -q
C=$NEW/tests/gsb_conformance
part 60 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 "$C" --gtest_brief=1 "--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
part 60 env GSB_RADIX_PORTION_N=38400 "$C" --gtest_brief=1 "--gtest_filter=*/radix_lsd_*"
part 60 "$C" --gtest_brief=1 "--gtest_filter=*/radix_*"
cp results/baselines/nvidia-h200.json $OUT/baseline-nvidia-h200.json
part 150 python3 scripts/perf-check --update-baseline --baseline $OUT/baseline-nvidia-h200.json --tool "$G" --output $OUT/perf-check-run.json
grep -E "^=== |^rc=|PASSED|FAILED|wrote|radix|cub-radix" "$L" | grep -v "^\[" | cut -c1-200 | tail -80
