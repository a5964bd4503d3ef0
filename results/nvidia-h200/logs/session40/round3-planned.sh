#!/usr/bin/env bash
# Planned in session 39: is the hybrid path past 1.68e9 4-byte keys (2^31, 2^32+17) worth building on the buckets past
# a block (large_buckets.cuh: one block a bucket, its 8-bit rounds through global memory between half 0 and half 1)?
# At 2^32+17 a 16-bit bucket holds 65536 keys on average, past any block's shared memory, so only such rounds sort it.
# If their traffic stays in the L2 (a block's bucket is 256 KB there; 132 SMs' worth is about 34 MB), the path moves
# about 4 + 8 + 8 + 8 = 28 B per key to DRAM where the LSD passes move 36. Measured here where the path applies today:
# every bucket forced through global memory (GSB_RADIX_LARGE_BUCKETS_ABOVE=4, _BY=block) against the default (in
# shared memory) and radix-lsd, u32 keys at 2^28 (4096 keys a bucket) and 1e9 (15259); then ncu's DRAM bytes and time
# of the large-bucket kernel at 1e9 (one repetition). About 3 min. Carry .carry/main.tar.xz.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 60 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32 --n 2^28,1e9 --reps 5 \
  --json "$OUT/r3-default.json" -q
part 60 env GSB_RADIX_LARGE_BUCKETS_ABOVE=4 GSB_RADIX_LARGE_BUCKETS_BY=block "$M/gpusort-bench" --algo radix \
  --type u32 --n 2^28,1e9 --reps 5 --json "$OUT/r3-large-blocks.json" -q
part 120 env GSB_RADIX_LARGE_BUCKETS_ABOVE=4 GSB_RADIX_LARGE_BUCKETS_BY=block ncu -k regex:large_bucket \
  --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct \
  "$M/gpusort-bench" --algo radix --type u32 --n 1e9 --reps 1 --warmup 0 --validate none -q
grep -E "^=== |^rc=|large_bucket|duration|dram__|lts__" "$L" | cut -c1-200 | tail -30
