#!/usr/bin/env bash
# Planned in session 39 for the next session's first call (about 5 min). Two things:
#  1. main's new hybrid thresholds by key and value width (689646e, NOTES.md round 23), with the path chosen as the
#     build chooses it: radix against radix-lsd and cub-radix at the new thresholds and on both sides of them;
#  2. branch bucket-few (411e20c; its packed build 92e00d5, the same code before a rebase): the bucket sort in
#     64-thread blocks (forced, GSB_RADIX_BUCKET_THREADS=64) against the default 128-thread ones, the path forced from n
#     = 2, alternated twice (same binary); then the branch's conformance and sanitizer parts for the new shape.
# Carry .carry/main.tar.xz (main a78c0c2 or later, packed by scripts/pack-build.sh build/release main), .carry/few.tar.xz
# (the branch: git switch bucket-few && ninja -C build/release && scripts/pack-build.sh build/release few) and
# .carry/device-run-few.sh (the branch's scripts/device-run.sh).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
F=$(unpack .carry/few.tar.xz)
# 1. 4-byte keys: the path from 2.6e7 (was 2^24 + 2^22); 8-byte keys from 2^24, 1.5e7 with u32 values, 1.3e7 with u64.
part 60 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32 --values none,u32 --n 20971520,2.6e7,3e7 \
  --reps 10 --json "$OUT/r1-main-4byte.json" -q
part 80 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u64,f64 --values none,u32,u64 --n 1.3e7,1.5e7,2^24 \
  --reps 10 --json "$OUT/r1-main-8byte.json" -q
# 2. 64- against 128-thread bucket blocks, the path forced, where its buckets are small (64 keys a bucket at 2^22,
# 153 at 1e7, 256 at 2^24).
for round in a b; do
  for threads in 128 64; do
    part 45 env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=$threads "$F/gpusort-bench" --algo radix,radix-lsd \
      --type u32,u64 --values none,u32,u64 --n 2^22,1e7,2^24 --reps 10 --json "$OUT/r1-few-$threads-$round.json" -q
  done
done
left=$((LIMIT - SECONDS + T0))
GSB_PARTS='64-thread' GSB_SANITIZE_PART=forced GSB_SKIP_BENCH=1 timeout "$left" \
  bash .carry/device-run-few.sh .carry/few.tar.xz "$OUT/dr-few" > "$OUT/dr-few.out" 2>&1
echo "=== device-run (branch, 64-thread parts) rc=$? ($(date -u +%T))" | tee -a "$L"
grep -E "^=== |^rc=" "$L" | cut -c1-200 | tail -14
grep -h -A60 "=== summary" "$OUT"/dr-few/device.log | grep -v "skipped (GSB_PARTS)"
