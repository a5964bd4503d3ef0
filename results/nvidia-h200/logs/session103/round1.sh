#!/usr/bin/env bash
# Session 103, round 1 (issue 19): session 102's round 2 (the H200 figures of round 91: `w768c`, main's device code,
# against `land`, before the 768-thread shape; see ../session102/round2.sh), then what gathering u64 values by u32
# positions costs (gather.py; NOTES.md, session 103) beside u64+u32 and u64+u64 Zipf sorts at 1e8 and 2^28, and the
# ceiling of one MSD pass of 4-byte pairs with and without bulk copies a tile ahead beside the real passes under ncu
# (tools/radix/scatter_ceiling.cu, in .carry/s103.tar.xz: scripts/pack-build.sh build/release s103 at cb642e2, main's
# device code). On an H200 (kind nvidia-h200 with needs_h200), carrying .carry/land.tar.xz, .carry/w768c.tar.xz and
# .carry/s103.tar.xz.
set -u
LIMIT=${LIMIT:-580}
. scripts/device-round.sh
LB=$(unpack .carry/land.tar.xz)
W=$(unpack .carry/w768c.tar.xz)
SC=$(unpack .carry/s103.tar.xz)
part 30 "$W/tests/radix/gsb_radix_parts_tests" --gtest_brief=1
BUILDS="land=$LB w768c=$W"
alternate 50 t --algo radix,cub-radix --type u32 --values u32 --n 2^29,7.5e8,8e8,1e9 --reps 3 --warmup 1 --validate none -q
part 60 "$SC/tools/scatter_ceiling" 268435456 1e9
# the real passes beside the model: main's u32+u32 sort at 1e9, one under ncu (its kernels' times and DRAM bytes)
profile pairs-1e9 90 "$W" --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum -- \
  --algo radix --type u32 --values u32 --n 1e9
part 60 python3 results/nvidia-h200/logs/session103/gather.py 1e8 2^28 1e9
part 110 "$W/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values u32 --n 7.5e8,1e9 \
  --reps 3 --warmup 1 -q --json "$OUT/grid-w768c.json"
part 60 "$W/gpusort-bench" --algo radix,cub-radix --type u64 --values u32,u64 --n 1e8,2^28 --dist zipf \
  --reps 3 --warmup 1 --validate none -q --json "$OUT/u64-zipf-w768c.json"
summary radix cub-radix
