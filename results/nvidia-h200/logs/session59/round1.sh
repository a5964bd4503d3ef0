#!/usr/bin/env bash
# Session 59, round 1: session 58's two findings. `quad` (0b5aeb2's device code + quad-whole.patch: the 16-bit
# histogram's last loop loads each 16-byte quad whole into a local, where its memcpy read it as 16 byte loads) and
# `clear` (quad + the clear kernel of keys alone stops before the status rows, which their claimed MSD passes never
# read) against `final` (0b5aeb2's device code), alternated twice, cub-radix in every run; then with `clear`: the
# radix conformance cases to 70000 keys and the hybrid parts, memcheck and synccheck of the forced hybrid path; each
# kernel's time of one u32 sort at 1e7 under ncu.
set -u
source scripts/device-round.sh
BUILDS=""
for b in final quad clear; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
C=${BUILDS##*=}
alternate 40 keys --algo radix,cub-radix --type u32,f32 --n 2^22,1e7,2^24,1e8 --reps 10 -q
alternate 30 wide --algo radix,cub-radix --type u64 --n 1e7,1e8 --reps 10 -q
alternate 30 pairs --algo radix,cub-radix --type u32 --values u32 --n 2^22,1e7 --reps 10 -q
part 130 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_CONFORMANCE_MAX_N=70000 \
  GSB_PARTS='^conformance \(GPU\)|^conformance \(radix hybrid' bash .carry/device-run.sh .carry/clear.tar.xz "$OUT/conformance"
part 60 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS="memcheck synccheck" \
  GSB_PARTS='^compute-sanitizer .*\(radix hybrid(, 128-thread buckets|, buckets past a block by passes)?\)$' \
  GSB_PART_TIMEOUT=40 bash .carry/device-run.sh .carry/clear.tar.xz "$OUT/sanitizer"
part 40 ncu --metrics gpu__time_duration.sum "$C/gpusort-bench" --algo radix --type u32 --n 1e7 --reps 1 --warmup 0 \
  --validate none -q
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -hE "^=== conformance|PASSED|FAILED" "$OUT"/conformance/device.log | cut -c1-160
grep -hE "^=== |PASSED|FAILED|ERROR SUMMARY" "$OUT"/sanitizer/device.log | cut -c1-160
grep -E "gpu__time_duration|  [a-z_:]*kernel|void " "$L" | cut -c1-160 | tail -30
