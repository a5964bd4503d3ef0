#!/usr/bin/env bash
# Session 42, third call (about 6 min): warps against blocks for the hybrid path's buckets. Round 2 had warps win
# by far at 2^22 ... 2.6e7 (buckets of 64 ... 560 keys: u32 keys forced 274 -> 157 us at 2^22) but lose at 5e7
# (buckets to about 1000 keys) with values (u32+u64 2296 against cub-radix's 1994 us, u64+u64 6533 against 4712).
# This build: the warp kernel's loads in groups of 8 rows and its loops unrolled, the 16-bit histogram's blocks of
# at least 2^15 keys. One build, the path forced from n = 2, the default (warps to 1024 keys) against 64- and
# 128-thread blocks forced (GSB_RADIX_BUCKET_THREADS), alternated twice, cub-radix in every run.
# Then u16 keys (the counting sort, whose 16-bit histogram took the new block count) at 2^22 ... 2^24, and ncu's
# full set of the warp kernel at 2^24 u32 keys.
# Carry .carry/main.tar.xz (this build).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
for round in a b; do
  for shape in warp 64 128; do
    if [ "$shape" = warp ]; then unset GSB_RADIX_BUCKET_THREADS; else export GSB_RADIX_BUCKET_THREADS=$shape; fi
    GSB_RADIX_HYBRID_MIN_N=2 part 60 "$M/gpusort-bench" --algo radix,cub-radix --type u32,u64 --values none,u32,u64 \
      --n 2^22,1e7,2^24,2.6e7,3.6e7,5e7 --reps 10 --json "$OUT/shapes-$shape-$round.json" -q
  done
done
unset GSB_RADIX_BUCKET_THREADS
part 40 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u16,u32,f32 --n 2^20,2^22,1e7,2^24 --reps 10 \
  --json "$OUT/u16.json" -q
echo "=== ncu full warp kernel u32 2^24" | tee -a "$L"
GSB_RADIX_HYBRID_MIN_N=2 timeout 90 ncu --clock-control none --set full -k regex:warp_bucket --launch-count 1 \
  "$M/gpusort-bench" --algo radix --type u32 --n 2^24 --reps 1 --warmup 0 --validate none -q > "$OUT/ncu-warp.txt" 2>&1
echo "rc=$?" | tee -a "$L"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -40
