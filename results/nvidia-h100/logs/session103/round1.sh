#!/usr/bin/env bash
# Session 103, round 1 on an H100 (issue 19): the ceiling of one MSD pass of 4-byte pairs with and without bulk copies
# a tile ahead, beside radix's own pass on the same data (tools/radix/scatter_ceiling.cu) and the real passes of a
# u32+u32 sort at 1e9 under ncu; then what gathering u64 values by u32 positions costs
# (../../../nvidia-h200/logs/session103/gather.py; NOTES.md, session 103) beside u64+u32 and u64+u64 Zipf sorts at 1e8
# and 2^28. Main's device code and the tool: .carry/s103.tar.xz (scripts/pack-build.sh build/release s103 at
# cb642e2). Kind nvidia-h100-x1.
set -u
LIMIT=${LIMIT:-400}
. scripts/device-round.sh
W=$(unpack .carry/s103.tar.xz)
part 60 "$W/tools/scatter_ceiling" 268435456 1e9
# the real passes beside the model: main's u32+u32 sort at 1e9, one under ncu (its kernels' times and DRAM bytes)
profile pairs-1e9 90 "$W" --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum -- \
  --algo radix --type u32 --values u32 --n 1e9
part 90 python3 results/nvidia-h200/logs/session103/gather.py 1e8 2^28 1e9
part 100 "$W/gpusort-bench" --algo radix,cub-radix --type u64 --values u32,u64 --n 1e8,2^28 --dist zipf \
  --reps 3 --warmup 1 --validate none -q --json "$OUT/u64-zipf-s103.json"
summary radix cub-radix
