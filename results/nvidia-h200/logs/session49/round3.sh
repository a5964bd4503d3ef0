#!/usr/bin/env bash
# Session 49, round 3: ncu's detailed sections of the kernels before the first pass (16-bit histogram, top counts,
# plan) and of the warp bucket sort, u32 keys at 1e7 (clocks free), build `main`. Round 2 found them 28.6 + 2.8 + 8.4
# us of the sort's 201 (the histogram reads 40 MB at 1.4 TB/s there, 3.65 TB/s at 1e8).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
part 120 ncu --clock-control none --set detailed -k 'regex:top16|top_counts|plan|warp_bucket' \
  --print-units base -o "$OUT/u32-1e7" "$M/gpusort-bench" --algo radix --type u32 --n 1e7 --reps 1 --warmup 0 \
  --validate none -q
part 60 ncu --import "$OUT/u32-1e7.ncu-rep" --print-units base --page details > "$OUT/u32-1e7-details.txt"
grep -E "^=== |^rc=" "$L" | cut -c1-160
grep -E "^  [a-z_]+.*\(|Duration|Memory Throughput|DRAM Throughput|Compute \(SM\) Throughput|L1/TEX Hit|L2 Hit|Achieved Occupancy|Registers Per|Issued Warp|No Eligible|Warp Cycles Per Issued|Block Limit|Theoretical Occ|Mem Busy|Max Bandwidth|L2 Compression|Elapsed Cycles|SM Frequency|One or More" "$OUT/u32-1e7-details.txt" | cut -c1-140
