#!/usr/bin/env bash
# The sweep behind results/<device>/: runs gpusort-bench on a GPU machine, then plots what it wrote.
#
#   scripts/sweep.sh                  # the issues' tables (ladder, radix-types, radix-entropy, merge, networks,
#                                     # end-to-end, out-of-core), the perf-check baseline, charts
#   scripts/sweep.sh --parts n-sweep,distributions,key-types   # broader sweeps of every back-end
#   NCCL_NVLS_ENABLE=0 scripts/sweep.sh --parts multi-gpu     # 2 GPUs: sample-multi against one GPU
#   scripts/sweep.sh --quick          # a smoke run (small n, 3 repetitions) to check the pipeline
#   scripts/sweep.sh --parts n-sweep,distributions   # only some parts (then the charts)
#   scripts/sweep.sh --plot-only      # re-plot the JSON files already in the output folder
#
# Options: --out DIR (default results/<device name>/), --tool PATH (default $GSB_TOOL or build/release/
# gpusort-bench), --reps N (default 10), --max-n N (largest n of the sweeps, default 2^26), --no-plot,
# --baseline-dir DIR (where the perf-check baseline <device>.json goes; default results/baselines/).
# Each part writes one JSON file; every command run is appended to <out>/sweep.log with its output.
# $PLOT_FORMAT picks the chart formats (default png,svg).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
tool=${GSB_TOOL:-$root/build/release/gpusort-bench}
out=""
reps=10
warmup=2
max_n="2^26"
dist_n="2^24"
parts="ladder,radix-types,radix-entropy,merge,networks,end-to-end,baseline,out-of-core"
baseline_reps=30
baseline_n="2^20,2^24,1e8"   # 1e8: the sizes of the headline tables, and radix's hybrid path
n1="2^20"; n2="2^24"; mid_n="1e8"; big_n="2^30"   # sizes of the issues' tables
ooc_n="2^32"; ooc_memory="4Gi"   # the out-of-core case of issue 7 (needs ~64 GiB of host memory)
multi_n="1e8,1e9,4e9"              # the multi-GPU part (issue 7)
plot_only=0
no_plot=0
baseline_dir="$root/results/baselines"

die() { echo "sweep.sh: error: $*" >&2; exit 2; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    --tool) tool=${2:?--tool needs a path}; shift 2 ;;
    --reps) reps=${2:?--reps needs a number}; shift 2 ;;
    --max-n) max_n=${2:?--max-n needs a size}; shift 2 ;;
    --parts) parts=${2:?--parts needs a list}; shift 2 ;;
    --quick) reps=3; warmup=1; max_n="2^20"; dist_n="2^18"; baseline_reps=5; baseline_n="2^16,2^18"
             n1="2^10"; n2="2^12"; mid_n="2^14"; big_n="2^16"; ooc_n="2^22"; ooc_memory="16Mi"; multi_n="2^20"; shift ;;
    --plot-only) plot_only=1; shift ;;
    --no-plot) no_plot=1; shift ;;
    --baseline-dir) baseline_dir=${2:?--baseline-dir needs a folder}; shift 2 ;;
    -h|--help) sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done

# The device the numbers belong to names the results folder and the baseline:
# "NVIDIA H100 80GB HBM3" -> nvidia-h100-80gb-hbm3.
name=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n1 || true)
[[ -n "$name" ]] || name="cpu-only"
device_slug=$(echo "$name" | tr '[:upper:]' '[:lower:]' | sed -E 's/[^a-z0-9.]+/-/g; s/^-|-$//g')
[[ -n "$out" ]] || out="$root/results/$device_slug"
mkdir -p "$out"
log="$out/sweep.log"

run() {  # run a command, echo it, and keep it and its output in the log
  echo "+ $*" | tee -a "$log"
  "$@" 2>&1 | tee -a "$log"
  return "${PIPESTATUS[0]}"
}

bench() {  # bench PART ARGS...: one part of the sweep into <out>/PART.json; a failing case does not stop the sweep
  local part=$1; shift
  local rc=0
  run "$tool" --reps "$reps" --warmup "$warmup" --json "$out/$part.json" "$@" || rc=$?
  if [[ $rc -eq 1 ]]; then
    echo "sweep.sh: note: some $part cases failed validation or raised an error; see $out/$part.json" | tee -a "$log"
  elif [[ $rc -ne 0 ]]; then
    die "gpusort-bench exited with $rc in part '$part' (see $log)"
  fi
}

wants() { [[ ",$parts," == *",$1,"* ]]; }

if [[ $plot_only -eq 0 ]]; then
  [[ -x "$tool" ]] || die "$tool: not an executable (build it: cmake --preset release && cmake --build --preset release)"
  echo "# sweep $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname)" >>"$log"
  # The tables the issues ask for (see results/README.md): one JSON file each.
  # The radix ladder of PMPP ch. 13 beside CUB and Thrust, u32 keys, against n; the multibit r sweep at 1e8.
  wants ladder && bench ladder --algo radix-naive,radix-shared,radix-multibit,radix-coarse,radix-lsd,radix,cub-radix,thrust \
    --type u32 --values none --n "$n1,$n2,$mid_n,$big_n" --dist uniform
  # radix against cub-radix for every key type and value mode, and over the entropy levels.
  wants radix-types && bench radix-types --algo radix,cub-radix --type u8,u16,u32,u64,i32,i64,f32,f64 \
    --values none,u32,u64 --n "$mid_n" --dist uniform
  # The merge-sort ladder (seeds 002 and 000) beside CUB's merge sort and Thrust.
  wants merge && bench merge --algo merge-recursive,merge-cdp,merge-iterative,merge-samples,cub-merge,thrust \
    --type u32 --values none,u32 --n "$n1,$n2,$mid_n" --dist uniform,entropy-0.201
  # Sorting networks (seed 001) beside CUB and Thrust, keys and key-value.
  wants networks && bench networks --algo bitonic,odd-even-merge,cub-radix,cub-merge,thrust \
    --type u32 --values none,u32 --n "$n1,$n2,$mid_n,$big_n" --dist uniform
  # End to end from pageable host memory, with the CPU sorts a user would otherwise call.
  wants end-to-end && bench end-to-end --algo std-sort,std-sort-par,radix,cub-radix,thrust,merge-samples,bitonic \
    --type u32 --values none --n "$n1,$n2,$mid_n" --dist uniform --timing both --reps 3 --warmup 0
  # The r sweep of the multibit rung, and radix over the entropy levels (last: the longest tables).
  wants ladder && bench ladder-r --algo radix-multibit-r1,radix-multibit-r2,radix-multibit-r3,radix-multibit-r4,radix-multibit-r5,radix-multibit-r6,radix-multibit-r7,radix-multibit-r8,cub-radix \
    --type u32 --values none --n "$mid_n" --dist uniform
  wants radix-entropy && bench radix-entropy --algo radix,radix-lsd,cub-radix --type u32 --values none,u32 --n "$mid_n" \
    --dist uniform,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,sorted,all-equal,zipf
  # Out of core (issue 7): u32 n=2^32 through 4 GiB of device memory, cub-radix and radix pieces, end to end
  # from pageable host memory (GSB_OOC_METHOD picks the method; gpu-partition unless set). Two repetitions:
  # each takes seconds, and the reference sort of 2^32 keys about 45 s.
  wants out-of-core && bench out-of-core --algo cub-radix,radix --type u32 --values none --n "$ooc_n" \
    --dist uniform --device-memory "$ooc_memory" --reps 2 --warmup 0
  # Multi-GPU (issue 7, not a default part: it needs 2 GPUs): sample-multi on 2 GPUs against the best
  # single-GPU back-ends on one of them, keys resident, n up to 4e9 (the reference sort of 4e9 keys ~55 s).
  # NCCL_NVLS_ENABLE=0 must be set by the caller on the lent machines.
  wants multi-gpu && bench multi-gpu --algo cub-radix,radix,sample-multi --gpus 2 --type u32 --values none \
    --n "$multi_n" --dist uniform --reps 5 --warmup 1
  # 1. Throughput and time against n for every back-end: u32 keys, keys-only and key-value, end-to-end too.
  wants n-sweep && bench n-sweep --algo all --type u32 --values none,u32 --n "2^10:$max_n:x4" --dist uniform \
    --timing both
  # 2. Every distribution at one n (uniform comes from the n sweep).
  wants distributions && bench distributions --algo all --type u32 --values none --n "$dist_n" \
    --dist sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf
  # 3. The other key widths and a float type against n.
  wants key-types && bench key-types --algo all --type u8,u16,u64,f32 --values none --n "2^16:$max_n:x16" \
    --dist uniform
  # 4. The perf-check baseline for this device: GPU back-ends, two sizes, many repetitions (see
  #    results/baselines/README.md): into --baseline-dir, or the output folder for --quick.
  if wants baseline; then
    # The perf-check baseline's back-ends: $PERF_ALGOS, else every GPU back-end of the tool's own list (the
    # 'gpu' column, the second of the yes/no pair after the value modes) without a time limit ("(--force)":
    # those are the deliberately slow teaching versions).
    gpu_algos=${PERF_ALGOS:-$("$tool" --list | awk 'NR > 1 && !/\(--force\)/ && match($0, / (yes|no) +(yes|no) /) {
        split(substr($0, RSTART, RLENGTH), f, " "); if (f[2] == "yes") print $1 }' | paste -sd, -)}
    [[ -n "$gpu_algos" ]] || die "no GPU back-end in '$tool --list'"
    mkdir -p "$baseline_dir"
    baseline="$baseline_dir/$device_slug.json"
    [[ $baseline_reps -ge 30 ]] || baseline="$out/baseline-quick.json"
    run python3 "$here/perf-check" --tool "$tool" --baseline "$baseline" --update-baseline -- \
      --algo "$gpu_algos" --type u32 --values none,u32 --n "$baseline_n" --dist uniform --reps "$baseline_reps" \
      --warmup 3 ||
      echo "sweep.sh: note: baseline not written (see $log)" | tee -a "$log"
  fi
fi

if [[ $no_plot -eq 1 ]]; then
  echo "sweep.sh: results in $out (plot them with: scripts/sweep.sh --plot-only --out DIR)"
  exit 0
fi

shopt -s nullglob
jsons=("$out"/*.json)
existing=()
for f in "${jsons[@]}"; do [[ -f "$f" ]] && existing+=("$f"); done
[[ ${#existing[@]} -gt 0 ]] || die "no result files in $out to plot"
run python3 "$here/plot" "${existing[@]}" --out "$out/charts" --format "${PLOT_FORMAT:-png,svg}"
echo "sweep.sh: results and charts in $out"
