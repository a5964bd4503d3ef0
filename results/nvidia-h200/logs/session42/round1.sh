#!/usr/bin/env bash
# Session 42, first call (about 3 min): where the hybrid path's time goes below its threshold (2.6e7 for 4-byte keys
# alone). Round 23 put the forced path at 2^22 0.13 ms over the LSD passes' 0.144 and blamed the bucket blocks; this
# measures it per kernel before building anything.
#  1. u32 keys, the path forced from n = 2 against radix-lsd and cub-radix in the same runs, 2^22 ... 2^24, 20 reps;
#  2. ncu's duration of every kernel of one forced sort at 2^22, 1e7, 2^24 and 1e8 (the gaps are the run's time less
#     their sum).
# Carry .carry/main.tar.xz (main 0f57ca9's build).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
GSB_RADIX_HYBRID_MIN_N=2 part 60 "$M/gpusort-bench" --algo radix,radix-lsd,cub-radix --type u32 \
  --n 2^22,1e7,2^24,2.6e7 --reps 20 --json "$OUT/forced.json" -q
cat > /tmp/ncu_sum.py <<'PY'
import csv, sys, collections
rows = list(csv.reader(open(sys.argv[1])))
hdr = rows[0]; ki = hdr.index("Kernel Name"); vi = hdr.index("Metric Value"); gi = hdr.index("Grid Size")
tot = 0.0
for r in rows[1:]:
    if len(r) <= vi or not r[vi].replace('.', '', 1).isdigit(): continue
    name = r[ki].split('(')[0].split('<')[0].split(' ')[-1]
    us = float(r[vi]) / 1000.0
    tot += us
    print(f"  {name:34s} grid {r[gi]:>16s} {us:9.2f} us")
print(f"  sum {tot:.2f} us")
PY
for n in 2^22 1e7 2^24 1e8; do
  echo "=== ncu forced hybrid u32 n=$n" | tee -a "$L"
  GSB_RADIX_HYBRID_MIN_N=2 timeout 60 ncu --metrics gpu__time_duration.sum --csv --print-units base \
    -k regex:'skew|top16|top_counts|plan|pass_kernel|bucket|large|memset' "$M/gpusort-bench" --algo radix \
    --type u32 --n "$n" --reps 1 --warmup 0 --validate none -q > "/tmp/ncu-$n.csv" 2>>"$L"
  echo "rc=$?" | tee -a "$L"
  grep -n '^"ID"' "/tmp/ncu-$n.csv" | head -1 >/dev/null
  sed -n '/^"ID"/,$p' "/tmp/ncu-$n.csv" > "/tmp/ncu-$n.clean.csv"
  python3 /tmp/ncu_sum.py "/tmp/ncu-$n.clean.csv" 2>&1 | tee -a "$L"
done
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -30
