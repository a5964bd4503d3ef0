#!/usr/bin/env bash
# Round 2 (session 31, H200): kernel times (ncu) of radix, radix-lsd and cub-radix on u32 / i32 uniform, Zipf and
# entropy-0.201 keys at 1e8; the sanitizers over full tiles of one digit (pass.cuh's short-circuit: sorted,
# few-distinct and Zipf keys at 2^20 through the tool, radix-lsd and the hybrid path forced), then 8-byte keys with
# u32 values over every distribution at 1e8 (radix / radix-lsd / cub-radix, one run), u64+u32 Zipf at 2^28.
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
for td in u32:uniform u32:zipf i32:zipf; do t=${td%%:*}; dist=${td#*:}
  part 40 ncu --print-summary per-kernel --metrics gpu__time_duration.sum "$G" --algo radix,radix-lsd,cub-radix --type $t --values none --n 1e8 --dist $dist --reps 1 --warmup 0 -q
done
CS="compute-sanitizer --error-exitcode 99 --print-limit 20"
for tool in memcheck synccheck racecheck; do
  part 70 $CS --tool $tool "$G" --algo radix-lsd --type u32,u64 --values none,u32 --n 2^20 --dist sorted,few-unique,zipf --reps 1 --warmup 0 -q
  [ $tool = racecheck ] && continue
  part 70 env GSB_RADIX_HYBRID_MIN_N=2 $CS --tool $tool "$G" --algo radix --type u32,f64 --values none,u32 --n 2^20 --dist sorted,few-unique --reps 1 --warmup 0 -q
done
D=uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
part 200 "$G" --algo radix,radix-lsd,cub-radix --type u64,i64,f64 --values u32 --n 1e8 --dist $D --reps 5 --json $OUT/radix-dist.s31r2-8byte-u32.json -q
part 60 "$G" --algo radix,radix-lsd,cub-radix --type u64 --values u32 --n 2^28 --dist zipf,few-unique --reps 5 --json $OUT/radix-dist.s31r2-u64u32-2e28.json -q
grep -E "^=== |^rc=|PASSED|FAILED|SKIPPED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -60
