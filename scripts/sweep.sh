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
#   scripts/sweep.sh --parts radix-grid --grid-runs main --no-plot   # radix vs cub-radix, n x type x values
#   scripts/sweep.sh --parts radix-grid --dry-run   # print the commands a sweep would run, run nothing
#   scripts/sweep.sh --parts small-n --no-plot   # every single-GPU back-end at n = 1 .. 2^16 (fixed costs)
#   scripts/sweep.sh --parts radix-dist-small --reps 5 --no-plot   # radix vs cub-radix, every distribution at 1e8
#
# Options: --out DIR (default results/<device name>/), --tool PATH (default $GSB_TOOL or build/release/
# gpusort-bench), --reps N (default 10), --max-n N (largest n of the sweeps, default 2^26), --no-plot,
# --baseline-dir DIR (where the perf-check baseline <device>.json goes; default results/baselines/),
# --dry-run (print each tool command, shell-quoted, and run nothing: no tool, output folder or log needed).
# Each part writes one JSON file; every command run is appended to <out>/sweep.log with its output.
# $PLOT_FORMAT picks the chart formats (default png,svg).
#
# radix-grid (not a default part; issue 19): radix against cub-radix in one invocation of the tool per
# sub-run, so the two share every input (the tool makes one input per n and key type and runs every
# back-end on it), uniform keys, ascending, values none,u32,u64, every key type, n = 1, 100, 1e3, 4864, 1e4,
# 1e5, 1e6, 1e7, 2^24, 1e8, 2^27, 2^28, 1e9 and 2^32+17. Host work (input, reference sort, validation) rules
# the time at large n, so the part is split into sub-runs that separate calls can pick (--grid-runs):
#   main  n <= 2^28 (--grid-split-n), every --grid-types type, one run     -> radix-grid.json
#   big   2^28 < n <= --grid-max-n (1e9), one run per key type             -> radix-grid.big-<type>.json
#   xl    --grid-xl-n (2^32+17) for --grid-xl-types (u32) with --grid-xl-values (none,u32), one run per
#         type (u32+u32 needs ~84 GiB of host memory)                    -> radix-grid.xl-<type>.json
# Options: --grid-runs main,big,xl (default all three), --grid-max-n N (default 1e9), --grid-split-n N
# (default 2^28), --grid-types LIST (main and big; default all eight), --grid-xl-n LIST (default 2^32+17;
# 'none': no xl points), --grid-xl-types LIST (default u32), --grid-xl-values LIST (default none,u32).
# Sizes take the tool's grammar plus an offset: 1e9, 2^28, 4864, 2^32+17. A case that does not fit the host
# or the device is skipped by the tool itself (status skipped, with the reason) and the sweep goes on; plot
# draws the sub-runs' files as one heat map (each ratio from one file). --quick: n <= 1e4, split at 1e3, xl
# n = 2^14+17.
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
# radix-grid (issue 19): sizes as written (the tool's grammar, plus +K), sub-runs and their selections
grid_n="1 100 1e3 4864 1e4 1e5 1e6 1e7 2^24 1e8 2^27 2^28 1e9"
grid_types="u8,u16,u32,u64,i32,i64,f32,f64"
grid_values="none,u32,u64"
grid_runs="main,big,xl"
grid_max_n="1e9"; grid_split_n="2^28"
grid_xl_n="2^32+17"; grid_xl_types="u32"; grid_xl_values="none,u32"
opt_grid_max_n=""; opt_grid_split_n=""; opt_grid_xl_n=""   # given on the command line: --quick keeps them
plot_only=0
no_plot=0
dry_run=0
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
             n1="2^10"; n2="2^12"; mid_n="2^14"; big_n="2^16"; ooc_n="2^22"; ooc_memory="16Mi"; multi_n="2^20"
             grid_max_n="1e4"; grid_split_n="1e3"; grid_xl_n="2^14+17"; shift ;;
    --plot-only) plot_only=1; shift ;;
    --no-plot) no_plot=1; shift ;;
    --baseline-dir) baseline_dir=${2:?--baseline-dir needs a folder}; shift 2 ;;
    --grid-runs) grid_runs=${2:?--grid-runs needs a list}; shift 2 ;;
    --grid-max-n) opt_grid_max_n=${2:?--grid-max-n needs a size}; shift 2 ;;
    --grid-split-n) opt_grid_split_n=${2:?--grid-split-n needs a size}; shift 2 ;;
    --grid-types) grid_types=${2:?--grid-types needs a list}; shift 2 ;;
    --grid-xl-n) opt_grid_xl_n=${2:?--grid-xl-n needs a list or none}; shift 2 ;;
    --grid-xl-types) grid_xl_types=${2:?--grid-xl-types needs a list}; shift 2 ;;
    --grid-xl-values) grid_xl_values=${2:?--grid-xl-values needs a list}; shift 2 ;;
    --dry-run) dry_run=1; shift ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done

grid_max_n=${opt_grid_max_n:-$grid_max_n}; grid_split_n=${opt_grid_split_n:-$grid_split_n}
grid_xl_n=${opt_grid_xl_n:-$grid_xl_n}

size_value() {  # size_value TEXT: the number of elements of 1e9, 2^28, 4864 or 2^32+17 (digits, eK, ^K, +K)
  local t=$1 limit=$((2 ** 48)) v base i
  [[ $t =~ ^([0-9]{1,15})(([eE^])([0-9]{1,3}))?(\+([0-9]{1,15}))?$ ]] ||
    die "'$t' is not a size (examples: 1e9, 2^28, 4864, 2^32+17)"
  local m=$((10#${BASH_REMATCH[1]})) op=${BASH_REMATCH[3]} e=$((10#${BASH_REMATCH[4]:-0})) add=$((10#${BASH_REMATCH[6]:-0}))
  v=$m; base=10
  [[ $op == "^" ]] && { v=1; base=$m; }
  for ((i = 0; i < e; i++)); do
    ((base == 0 || v <= limit / base)) || die "'$t' is too large (limit 2^48)"
    v=$((v * base))
  done
  v=$((v + add))
  ((v >= 1 && v <= limit)) || die "'$t' is not a size from 1 to 2^48"
  echo "$v"
}

size_arg() {  # the size as the tool's --n takes it: as written, or its number where it has a +K offset
  if [[ $1 == *+* ]]; then size_value "$1"; else echo "$1"; fi
}

# The main and big sub-runs' sizes: the grid's sizes up to --grid-max-n, split at --grid-split-n.
grid_main_n=""; grid_big_n=""
if [[ ",$parts," == *",radix-grid,"* ]]; then
  grid_max=$(size_value "$grid_max_n"); grid_split=$(size_value "$grid_split_n")
  for s in $grid_n; do
    v=$(size_value "$s")
    ((v <= grid_max)) || continue
    if ((v <= grid_split)); then grid_main_n+="${grid_main_n:+,}$(size_arg "$s")"
    else grid_big_n+="${grid_big_n:+,}$(size_arg "$s")"; fi
  done
  grid_xl_list=""
  if [[ $grid_xl_n != none ]]; then
    IFS=, read -r -a xl_items <<<"$grid_xl_n"
    for s in "${xl_items[@]}"; do grid_xl_list+="${grid_xl_list:+,}$(size_arg "$s")"; done
  fi
  for r in ${grid_runs//,/ }; do
    [[ $r == main || $r == big || $r == xl ]] || die "--grid-runs: unknown sub-run '$r' (main, big, xl)"
  done
fi

# The device the numbers belong to names the results folder and the baseline:
# "NVIDIA H100 80GB HBM3" -> nvidia-h100-80gb-hbm3.
name=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n1 || true)
[[ -n "$name" ]] || name="cpu-only"
device_slug=$(echo "$name" | tr '[:upper:]' '[:lower:]' | sed -E 's/[^a-z0-9.]+/-/g; s/^-|-$//g')
[[ -n "$out" ]] || out="$root/results/$device_slug"
[[ $dry_run -eq 1 ]] || mkdir -p "$out"
log="$out/sweep.log"

run() {  # run a command, echo it, and keep it and its output in the log (--dry-run: only print it, quoted)
  if [[ $dry_run -eq 1 ]]; then
    local a line="+"
    for a in "$@"; do
      if [[ $a =~ ^[A-Za-z0-9_./,:=+^@%-]+$ ]]; then line+=" $a"; else line+=" $(printf '%q' "$a")"; fi
    done
    echo "$line"
    return 0
  fi
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

grid_wants() { [[ ",$grid_runs," == *",$1,"* ]]; }

if [[ $plot_only -eq 0 ]]; then
  if [[ $dry_run -eq 0 ]]; then
    [[ -x "$tool" ]] || die "$tool: not an executable (build it: cmake --preset release && cmake --build --preset release)"
    echo "# sweep $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname)" >>"$log"
  fi
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
  # The fixed cost of every single-GPU back-end at small n (issue 19; not a default part): one launch or a few
  # where each can, against the library sorts in the same run.
  wants small-n && bench small-n --algo radix,cub-radix,thrust,cub-merge,merge-samples,bitonic,odd-even-merge,radix-coarse,radix-multibit,radix-shared,radix-naive \
    --type u32 --values none,u32 --n "1,100,1e3,2048,4864,1e4,2^16" --dist uniform --reps 20 --warmup 3
  # The r sweep of the multibit rung, and radix over the entropy levels (last: the longest tables).
  wants ladder && bench ladder-r --algo radix-multibit-r1,radix-multibit-r2,radix-multibit-r3,radix-multibit-r4,radix-multibit-r5,radix-multibit-r6,radix-multibit-r7,radix-multibit-r8,cub-radix \
    --type u32 --values none --n "$mid_n" --dist uniform
  wants radix-entropy && bench radix-entropy --algo radix,radix-lsd,cub-radix --type u32 --values none,u32 --n "$mid_n" \
    --dist uniform,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,sorted,all-equal,zipf
  # radix-dist-small, radix-dist-wide (issue 19, not default parts): radix, radix-lsd and cub-radix over every
  # distribution at 1e8, keys alone and with u32 values, 1-, 2- and 4-byte keys and 8-byte keys in two runs (each fits
  # one device call), so every ratio is from one run on one input.
  dists_all="uniform,sorted,reverse,nearly-sorted,few-unique,all-equal,entropy-0.811,entropy-0.544,entropy-0.337,entropy-0.201,zipf"
  wants radix-dist-small && bench radix-dist-small --algo radix,radix-lsd,cub-radix --type u8,u16,u32,i32,f32 \
    --values none,u32 --n "$mid_n" --dist "$dists_all"
  wants radix-dist-wide && bench radix-dist-wide --algo radix,radix-lsd,cub-radix --type u64,i64,f64 \
    --values none,u32 --n "$mid_n" --dist "$dists_all"
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
  # radix against cub-radix over n x key type x value mode (issue 19; not a default part): both back-ends in
  # each invocation, so that every ratio is between runs on the same input. Sub-runs (see the header): main
  # (n <= 2^28, one run, ~5-6 min on an H200), big (n = 1e9, one run per key type, ~1-1.5 min each) and xl
  # (2^32+17, u32 keys and u32+u32, ~3 min). A case the host or device memory cannot hold is skipped by the tool.
  if wants radix-grid; then
    if grid_wants main && [[ -n $grid_main_n ]]; then
      bench radix-grid --algo radix,cub-radix --type "$grid_types" --values "$grid_values" --n "$grid_main_n" \
        --dist uniform --order asc
    fi
    if grid_wants big && [[ -n $grid_big_n ]]; then
      for t in ${grid_types//,/ }; do
        bench "radix-grid.big-$t" --algo radix,cub-radix --type "$t" --values "$grid_values" --n "$grid_big_n" \
          --dist uniform --order asc
      done
    fi
    if grid_wants xl && [[ -n $grid_xl_list ]]; then
      for t in ${grid_xl_types//,/ }; do
        bench "radix-grid.xl-$t" --algo radix,cub-radix --type "$t" --values "$grid_xl_values" --n "$grid_xl_list" \
          --dist uniform --order asc
      done
    fi
  fi
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
    [[ $dry_run -eq 0 || -n ${PERF_ALGOS:-} ]] || PERF_ALGOS="GPU-BACKENDS-OF-TOOL-LIST"
    gpu_algos=${PERF_ALGOS:-$("$tool" --list | awk 'NR > 1 && !/\(--force\)/ && match($0, / (yes|no) +(yes|no) /) {
        split(substr($0, RSTART, RLENGTH), f, " "); if (f[2] == "yes") print $1 }' | paste -sd, -)}
    [[ -n "$gpu_algos" ]] || die "no GPU back-end in '$tool --list'"
    [[ $dry_run -eq 1 ]] || mkdir -p "$baseline_dir"
    baseline="$baseline_dir/$device_slug.json"
    [[ $baseline_reps -ge 30 ]] || baseline="$out/baseline-quick.json"
    run python3 "$here/perf-check" --tool "$tool" --baseline "$baseline" --update-baseline -- \
      --algo "$gpu_algos" --type u32 --values none,u32 --n "$baseline_n" --dist uniform --reps "$baseline_reps" \
      --warmup 3 ||
      echo "sweep.sh: note: baseline not written (see $log)" | tee -a "$log"
  fi
fi

if [[ $dry_run -eq 1 ]]; then
  [[ $no_plot -eq 1 ]] || echo "+ python3 $here/plot $out/*.json --out $out/charts --format ${PLOT_FORMAT:-png,svg}"
  exit 0
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
