#!/usr/bin/env bash
# Round 3 (session 29, H200): the bucket sort's rounds not unrolled (new: 38a30f1 + the change) against 38a30f1
# (old), radix beside cub-radix in each invocation; two calls on one warm machine (the tree and both builds exceed
# the device tool's 64 MiB): bash round3.sh TARBALL NAME. Then the kernel's stall reasons at u64 1e9.
set -u
D=$(mktemp -d); tar -xJf ".carry/$1" -C "$D"
b=$2
L=$OUT/device.log
T0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,driver_version,serial --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt 570 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
for c in "u64 none 1e9" "u64 u32 1e9" "u64 none 1e8" "u64 u64 2^28" "u64 u32 1e8" "u32 none 1e9"; do
  set -- $c
  part 75 "$D/gpusort-bench" --algo radix,cub-radix --type $1 --values $2 --n $3 --reps 5 --json "$OUT/r3-$b-$1-$2-${3/^/p}.json"
done
M="--metrics regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__inst_executed.sum,smsp__issue_active.avg.per_cycle_active,gpu__time_duration.sum"
part 60 ncu --clock-control none -k regex:bucket_sort -c 1 $M "$D/gpusort-bench" --algo radix --type u64 --n 1e9 --reps 1 --warmup 0 --validate none -q
grep -E "^=== |^rc=|^radix |^cub|bucket_sort|stalled_(no_inst|wait|short|barrier|long)|inst_executed|issue_active|duration" "$L" | awk '$NF != "0"'
