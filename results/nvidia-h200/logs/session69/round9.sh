#!/usr/bin/env bash
# Session 69, round 9 (issue 19, item 2): round 8's question at 2^31, in the device time left (a short call on the warm
# machine; the command as it ran, from the repository root with .carry/waves.tar.xz): the 1024-thread kernel's
# prefetch distance 4 eighths (the landed one) and none, radix alone, u32 keys at 2^31, --validate none, 3
# repetitions, in turn twice. Output in round9/ (the four JSON files); the call printed "NVIDIA H200, 143771 MiB,
# 580.159.04".
N=$(mktemp -d) && tar -xJf .carry/waves.tar.xz -C $N && for r in a b; do for w in 4 0; do GSB_EXP_WAVES=$w timeout 20 $N/gpusort-bench --algo radix --type u32 --n 2^31 --reps 3 --validate none -q --json $OUT/2p31-w$w-$r.json; python3 -c "import json,sys;c=json.load(open('$OUT/2p31-w$w-$r.json'))['cases'][0];print('w$w $r',c['n'],c['timing']['median_ms'],c['timing']['samples_ms'])"; done; done; nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
