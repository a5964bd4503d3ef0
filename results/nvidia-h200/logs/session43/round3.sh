#!/usr/bin/env bash
# Session 43, round 3: the hybrid path's front as one graph branching on the skew sample's mark (hybrid.cuh:
# FrontGraph), against main and against the same build with its front on the stream (GSB_RADIX_FRONT_GRAPH=0: the
# mark polled in mapped memory, round 2's GSB_EXP=1). radix, radix-lsd and cub-radix in one run, in turn twice.
# Then the build's correctness where it changed: device-run's conformance of the hybrid path from n = 2 (the graph),
# with its front on the stream, the default conformance of radix, and the sanitizers over the forced path.
# Carry .carry/main.tar.xz and .carry/graph.tar.xz (scripts/pack-build.sh build/release NAME), .carry/device-run.sh.
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
G=$(unpack .carry/graph.tar.xz)
args=(--algo radix,radix-lsd,cub-radix --type u32,i32 --values none,u32 --n 4194304,9e6,1.2e7,2^24,2.6e7
  --dist uniform,entropy-0.201,zipf --reps 5 -q)
for round in a b; do
  part 60 "$M/gpusort-bench" "${args[@]}" --json "$OUT/main-$round.json"
  part 60 "$G/gpusort-bench" "${args[@]}" --json "$OUT/graph-$round.json"
  part 60 env GSB_RADIX_FRONT_GRAPH=0 "$G/gpusort-bench" "${args[@]}" --json "$OUT/stream-$round.json"
done
part 330 env GSB_SKIP_BENCH=1 GSB_CONFORMANCE_FILTER='*/radix_*' GSB_SANITIZE_PART=forced GSB_SANITIZER_TOOLS='memcheck synccheck racecheck' \
  GSB_PARTS='^conformance \(GPU\)|hybrid path from n = 2|front on the stream|compute-sanitizer [a-z]+ \(radix hybrid\)$' \
  bash scripts/device-run.sh "$G" "$OUT/checks"
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -20
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|rc=" "$OUT/checks/device.log" | tail -30
