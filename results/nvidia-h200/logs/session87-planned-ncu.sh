#!/usr/bin/env bash
# Planned in session 86 (issue 19, radix), after session87-planned.sh (the same tarball, .carry/new.tar.xz). About
# 120 s. Session 86's profile (logs/session86/planned-ncu/) gave each kernel's share at 2^29 (u32+u32) but no stall
# reasons: its CSV pages print the sections' summary rows, not the warp-state breakdown. Here the raw page of the
# warp-state and scheduler sections, whose metrics hold the stall reasons per issued instruction
# (smsp__average_warps_issue_stalled_*), for the first 22-row bucket launch and the three passes at 2^29, and for
# the 24-row kernel at 7.5e8 (ncu, GPU's own clocks, kernels serialised: shares, not timings).
set -u
source scripts/device-round.sh
N=$(unpack .carry/new.tar.xz)
S=(--section WarpStateStats --section SchedulerStats --section Occupancy --page raw)
prof() {  # name seconds ncu-args -- gpusort-bench args...
  local name=$1 t=$2
  shift 2
  local args=()
  while [ "$1" != -- ]; do args+=("$1"); shift; done
  shift
  part "$t" ncu --clock-control none "${args[@]}" --csv --log-file "$OUT/ncu-$name.csv" \
    "$N/gpusort-bench" --reps 1 --warmup 0 --validate none -q --algo radix --type u32 --values u32 "$@"
}
prof stall-bucket-2p29 40 "${S[@]}" --kernel-name regex:bucket_sort_kernel --launch-count 1 -- --n 2^29
prof stall-pass-2p29 40 "${S[@]}" --kernel-name regex:pass_kernel --launch-count 4 -- --n 2^29
prof stall-bucket-7.5e8 40 "${S[@]}" --kernel-name regex:bucket_sort_kernel --launch-count 1 -- --n 7.5e8
grep -c "issue_stalled" "$OUT"/ncu-stall-*.csv | tee -a "$L"
summary radix cub-radix
