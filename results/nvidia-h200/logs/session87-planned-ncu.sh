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
P=(--algo radix --type u32 --values u32)
B=(--kernel-name regex:bucket_sort_kernel --launch-count 1)
profile stall-bucket-2p29 40 "$N" "${S[@]}" "${B[@]}" -- "${P[@]}" --n 2^29
profile stall-pass-2p29 40 "$N" "${S[@]}" --kernel-name regex:pass_kernel --launch-count 4 -- "${P[@]}" --n 2^29
profile stall-bucket-7.5e8 40 "$N" "${S[@]}" "${B[@]}" -- "${P[@]}" --n 7.5e8
grep -c "issue_stalled" "$OUT"/ncu-stall-*.csv | tee -a "$L"
summary radix cub-radix
