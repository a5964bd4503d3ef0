#!/usr/bin/env bash
# Session 42, fifth call (about 8 min): the build to be committed (warps for small buckets by key and value width,
# 16-bit counts for 4-byte keys and 32-bit for 8-byte ones, round 24's 64-thread blocks removed, the hybrid path's
# thresholds from round 4: 4-byte keys from 9e6 alone ... 2^22 with u64 values, 8-byte keys from 2^21).
#  1. device-run's conformance parts of radix: every radix case (GPU), and the hybrid path forced from n = 2 in every
#     shape (the default, now warps at these sizes; 128, 512, in place, 44 and 52 rows, past a block, by passes);
#  2. the grid's columns 1e6, 1e7 and 2^24 from this build (the sweep's radix-grid flags).
# Carry .carry/main.tar.xz (this build).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
GSB_CONFORMANCE_FILTER='*/radix_*' GSB_PARTS='conformance \((GPU|radix)' GSB_SKIP_SANITIZER=1 GSB_SKIP_BENCH=1 \
  timeout 380 bash scripts/device-run.sh .carry/main.tar.xz "$OUT/dr" > "$OUT/dr.out" 2>&1
echo "=== device-run rc=$? ($(date -u +%T))" | tee -a "$L"
grep -h -A40 "=== summary" "$OUT"/dr/device.log | grep -v "skipped (GSB_PARTS)"
grep -h -E "PASSED|FAILED" "$OUT"/dr/device.log | sort | uniq -c | tee -a "$L"
part 90 "$M/gpusort-bench" --reps 10 --warmup 2 --json "$OUT/radix-grid.mid-n.json" --algo radix,cub-radix \
  --type u8,u16,u32,u64,i32,i64,f32,f64 --values none,u32,u64 --n 1e6,1e7,2^24 --dist uniform --order asc -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -20
