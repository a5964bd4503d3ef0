#!/usr/bin/env bash
# Round 9 (session 28, H200, build b07c6d4's kernels): where a two-buffer shape keeps 16 warps or more, in place
# forced against the default shape -- u32 keys at 2^28, 2^29, 7.5e8, u64 keys at 2^28, u32+u32 at 2^28.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt 400 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$B/gpusort-bench
for c in "u32 none 2^28" "u32 none 2^29" "u32 none 7.5e8" "u64 none 2^28" "u32 u32 2^28"; do
  set -- $c
  part 60 "$G" --algo radix,cub-radix --type $1 --values $2 --n $3 --reps 5 --json "$OUT/r9-$1-$2-$3-default.json"
  part 40 env GSB_RADIX_BUCKET_THREADS=512-in-place "$G" --algo radix --type $1 --values $2 --n $3 --reps 5 --json "$OUT/r9-$1-$2-$3-in-place.json"
done
grep -E "^=== |^rc=|^radix |^cub" "$L"
