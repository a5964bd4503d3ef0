#!/usr/bin/env bash
# Session 55, round 1: the one-block path's loads. cub-radix's single tile and ours load blocked (thread t's keys at
# [t * Items, (t + 1) * Items)), so that a warp's request touches a cache line a lane (19 at 256 x 19 keys); `v1`
# loads striped (coalesced) and exchanges to the blocked layout in shared memory, and the by-runs step loads
# striped. Alternated twice against main (`head`, 607dd76) on uniform and skewed keys at 2049 and 4864, every key
# width; ncu of the kernel (u32, all-equal and uniform, 4864); the radix conformance up to 70000 keys as the sample
# decides and by runs always and never.
set -u
source scripts/device-round.sh
BUILDS=""
for b in head v1; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
alternate 60 skew --algo radix,cub-radix --type u16,u32,f32,u64 --values none,u32 \
  --dist uniform,all-equal,few-unique,entropy-0.811,entropy-0.201,zipf --n 1000,2049,4864 --reps 20 -q
alternate 60 grid --algo radix,cub-radix --type u8,u16,u32,i32,u64,f64 --values none,u32,u64 \
  --n 100,2048,3000,7680,1e4,16384 --reps 20 -q
M='gpu__time_duration.sum,smsp__inst_executed.sum,launch__registers_per_thread,launch__shared_mem_per_block_dynamic'
for b in head v1; do
  d=$(echo "$BUILDS" | tr ' ' '\n' | grep "^$b=" | cut -d= -f2)
  for dist in all-equal uniform; do
    part 25 ncu --cache-control all --clock-control none -k regex:small_sort --launch-skip 3 --launch-count 1 \
      --metrics "$M" "$d/gpusort-bench" --algo radix --type u32 --n 4864 --dist $dist --reps 5 -q
  done
done
part 240 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_CONFORMANCE_MAX_N=70000 \
  GSB_PARTS='^conformance \(GPU\)|^conformance \(radix one block' bash .carry/device-run.sh .carry/v1.tar.xz "$OUT/conformance"
part 160 env GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_PARTS='^compute-sanitizer .*\(radix one block' \
  GSB_PART_TIMEOUT=75 bash .carry/device-run.sh .carry/v1.tar.xz "$OUT/sanitizer"
grep -E "^=== |^rc=|gpu__time|inst_executed|registers|dynamic|PASSED|FAILED" "$L" | cut -c1-180
grep -hE "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|timed out" "$OUT"/conformance/device.log "$OUT"/sanitizer/device.log | sort | uniq -c
