#!/usr/bin/env bash
# Session 42, second call (about 9 min): the hybrid path's small buckets one warp each (warp_buckets.cuh) -- round
# 1 put the forced path's bucket kernel at 155 of 274 us at 2^22 u32 keys (65536 blocks of 128 threads) -- and the
# 16-bit histogram's blocks at small n (at least 2^18 keys a block: 16 blocks at 2^22, 35 us; an experiment's
# GSB_EXP_TOP16_SHIFT=15 asks 2^15).
#  1. correctness: conformance of 4- and 8-byte keys with the path from n = 2 (warps take the small buckets by
#     default) and with warps forced; memcheck, racecheck, synccheck over the warp kernel through the tool;
#  2. the path forced from n = 2 against radix-lsd and cub-radix, 2^20 ... 1e8, the histogram's 2^18 and 2^15;
#  3. warps forced against the default shapes at 5e7 and 1e8 (buckets of about 890 and 1840 keys);
#  4. ncu (clocks not held) of the forced path at 2^22 and 2^24, per kernel.
# Carry .carry/main.tar.xz (this build).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
H="*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_*:*/radix_f64_*"
GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_PORTION_N=38400 part 100 "$M/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=$H"
GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=32 part 100 "$M/tests/gsb_conformance" --gtest_brief=1 \
  "--gtest_filter=$H"
for tool in memcheck racecheck synccheck; do
  GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_BUCKET_THREADS=32 part 40 compute-sanitizer --tool "$tool" --error-exitcode 99 \
    --print-limit 20 "$M/gpusort-bench" --algo radix --type u32,f32,u64 --values none,u32,u64 --n 1000,30000 \
    --dist uniform,zipf --order asc,desc --reps 1 --warmup 0 -q
done
for shift in 18 15; do
  GSB_EXP_TOP16_SHIFT=$shift GSB_RADIX_HYBRID_MIN_N=2 part 60 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix \
    --type u32,i32,f32,u64 --values none,u32 --n 2^20,2^22,1e7,2^24,2.6e7 --reps 10 --json "$OUT/forced-$shift.json" -q
done
GSB_RADIX_BUCKET_THREADS=32 part 40 "$M/gpusort-bench" --algo radix,cub-radix --type u32,u64 --values none,u32,u64 \
  --n 5e7,1e8 --reps 5 --json "$OUT/warps-big.json" -q
part 40 "$M/gpusort-bench" --algo radix,cub-radix --type u32,u64 --values none,u32,u64 \
  --n 5e7,1e8 --reps 5 --json "$OUT/default-big.json" -q
for n in 2^22 2^24; do
  echo "=== ncu forced hybrid u32 n=$n" | tee -a "$L"
  GSB_RADIX_HYBRID_MIN_N=2 timeout 60 ncu --clock-control none --metrics gpu__time_duration.sum --csv \
    --print-units base "$M/gpusort-bench" --algo radix --type u32 --n "$n" --reps 1 --warmup 0 --validate none -q \
    > "$OUT/ncu-${n/^/p}.csv" 2>>"$L"
  echo "rc=$?" | tee -a "$L"
done
grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|fail" "$L" | cut -c1-160 | tail -40
