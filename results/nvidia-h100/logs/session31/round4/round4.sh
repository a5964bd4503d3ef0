#!/usr/bin/env bash
# Round 4 (session 31, H100): every distribution at 1e8 (radix / radix-lsd / cub-radix, one run each: same inputs):
# 4-byte keys alone and with u32 values, 8-byte keys alone, u64 keys with u32 values. The whole call within LIMIT.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS; LIMIT=${LIMIT:-560}
nvidia-smi --query-gpu=name,memory.total,driver_version,serial --format=csv | tee -a "$L"
"$B/gpusort-bench" --version | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt $LIMIT ]; then t=$((LIMIT - SECONDS + T0)); fi
  if [ "$t" -lt 10 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$B/gpusort-bench
D=uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
part 200 "$G" --algo radix,radix-lsd,cub-radix --type u32,i32,f32 --values none,u32 --n 1e8 --dist $D --reps 5 --json $OUT/radix-dist.s31r4-4byte.json -q
part 150 "$G" --algo radix,radix-lsd,cub-radix --type u64,i64,f64 --values none --n 1e8 --dist $D --reps 5 --json $OUT/radix-dist.s31r4-8byte.json -q
part 120 "$G" --algo radix,radix-lsd,cub-radix --type u64 --values u32 --n 1e8 --dist $D --reps 5 --json $OUT/radix-dist.s31r4-u64u32.json -q
grep -E "^=== |^rc=" "$L" | head -20
