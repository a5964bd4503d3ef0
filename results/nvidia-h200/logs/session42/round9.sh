#!/usr/bin/env bash
# Session 42, ninth call (about 1 min): the final head's build (host code of launch_bucket_sort reordered after
# round 8, no device code changed): device-run's conformance of the hybrid path forced from n = 2 (warps), with
# 128-thread blocks forced, and of the counting sort forced; a few sorts through the tool, each validated.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
GSB_CONFORMANCE_FILTER='*/radix_*' GSB_PARTS='conformance \(radix (hybrid path|hybrid, 128|counting)' \
  GSB_SKIP_SANITIZER=1 GSB_SKIP_BENCH=1 timeout 120 bash scripts/device-run.sh .carry/main.tar.xz "$OUT/dr" \
  > "$OUT/dr.out" 2>&1
echo "=== device-run rc=$? ($(date -u +%T))" | tee -a "$L"
grep -h -A40 "=== summary" "$OUT"/dr/device.log | grep -v "skipped (GSB_PARTS)"
grep -h -E "PASSED|FAILED" "$OUT"/dr/device.log | sort | uniq -c | tee -a "$L"
part 40 "$M/gpusort-bench" --algo radix,cub-radix --type u16,u32,f32,u64 --values none,u32,u64 --n 2^22,1e7,2^24 \
  --reps 5 --json "$OUT/check.json" -q
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -10
