#!/usr/bin/env bash
# Round 1 (session 30, H200, build c05c487): why CUB's LSD passes beat ours on skewed keys (few-unique, zipf), ncu
# per pass kernel of radix-lsd and cub-radix, u32 keys at 1e8, uniform for comparison; then timings.
set -u
B=$(mktemp -d); tar -xJf .carry/build.tar.xz -C "$B"
L=$OUT/device.log
T0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,driver_version,serial --format=csv | tee -a "$L"
part() { local t=$1; shift; if [ $((SECONDS - T0 + t)) -gt 570 ]; then echo "=== skipped (time): $*" | tee -a "$L"; return; fi
  echo "=== $* ($(date -u +%T))" | tee -a "$L"; timeout "$t" "$@" >>"$L" 2>&1; echo "rc=$? ($(date -u +%T))" | tee -a "$L"; }
G=$B/gpusort-bench
M="--metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.per_cycle_active,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,dram__bytes.sum,regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio"
for d in few-unique zipf uniform; do
  part 100 ncu --clock-control none -k regex:"pass_kernel|Onesweep" -c 4 $M "$G" --algo radix-lsd --n 1e8 --dist $d --reps 1 --warmup 0 --validate none -q
  part 100 ncu --clock-control none -k regex:"pass_kernel|Onesweep" -c 4 $M "$G" --algo cub-radix --n 1e8 --dist $d --reps 1 --warmup 0 --validate none -q
done
part 200 "$G" --algo radix,radix-lsd,cub-radix --n 1e8 --type u32,f64 --dist few-unique,zipf,entropy-0.811,uniform --reps 5 --json $OUT/skewed-1e8.json
grep -E "^=== |^rc=|pass_kernel|Onesweep|duration|inst_executed|issue_active|shared|dram__bytes|stalled" "$L" | awk '$NF != "0" && $NF != "0.00"' | grep -v "stalled.*0\.[0-1][0-9]$" | head -300
