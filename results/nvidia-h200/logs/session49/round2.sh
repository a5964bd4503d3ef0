#!/usr/bin/env bash
# Session 49, round 2: where the 4-byte keys' time goes between kernels, and which path the 8-byte pairs' entropy
# cells take (build `main`, 3b1... = session 48's final code).
#   1. ncu with the clocks free (--clock-control none): kernel durations of one u32 sort at 1e7, 2^24, 1e8, to set
#      beside the timed medians (part 2): what the sum of kernels leaves is launch gaps, memsets and the host's wait;
#   2. the timed medians of those sorts (radix, cub-radix, 20 repetitions);
#   3. ncu's kernel list of u64+u32 entropy-0.201 / 0.544 at 1e8 (radix): the path they take;
#   4. nsys, where the machine has it: the GPU trace of u32 at 1e7 (gaps between kernels).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
for n in 1e7 2^24 1e8; do
  part 30 ncu --clock-control none --metrics gpu__time_duration.sum --csv --print-units base "$M/gpusort-bench" \
    --algo radix --type u32 --n "$n" --reps 1 --warmup 0 --validate none -q
done
part 60 "$M/gpusort-bench" --algo radix,cub-radix --type u32 --n 1e7,2^24,1e8 --reps 20 -q --json "$OUT/u32.json"
for d in entropy-0.201 entropy-0.544; do
  part 40 ncu --clock-control none --metrics gpu__time_duration.sum --csv --print-units base "$M/gpusort-bench" \
    --algo radix --type u64 --values u32 --dist $d --n 1e8 --reps 1 --warmup 0 --validate none -q
done
NSYS=$(command -v nsys || ls /usr/local/cuda/bin/nsys /opt/nvidia/nsight-systems/*/bin/nsys 2>/dev/null | head -1)
echo "nsys: ${NSYS:-none}" | tee -a "$L"
if [ -n "$NSYS" ]; then
  part 90 "$NSYS" profile -o "$OUT/u32-1e7" --force-overwrite true "$M/gpusort-bench" --algo radix --type u32 \
    --n 1e7 --reps 3 --warmup 1 --validate none -q
  part 60 "$NSYS" stats --report cuda_gpu_trace --format csv --output "$OUT/u32-1e7" "$OUT/u32-1e7.nsys-rep"
  rm -f "$OUT/u32-1e7.sqlite"
fi
grep -E "^=== |^rc=|^nsys" "$L" | cut -c1-160
grep -E '"(ID|[0-9]+)",' "$L" | awk -F'","' '{print $5 " " $NF}' | sed 's/(.*) / /' | cut -c1-120
