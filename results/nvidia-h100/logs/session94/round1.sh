#!/usr/bin/env bash
# Session 94, round 1 (any H100 or H200): the segment sort's block in two new forms against the path's 512 x 34 of
# pairs, launched alone by tools/radix_bench segments over about 2^22, 6e6 and 1e7 pairs (every bucket checked against
# a stable host sort): words of key over position (PackedSegmentShape, p*), and one more MSD digit in shared memory
# with sub-buckets sorted by warps (MsdSegmentShape, m*). Then memcheck and racecheck of every shape at 1e5 pairs.
# Carry .carry/s94a.tar.xz (tools/radix_bench and libgsb.so of build/release, CUDAARCHS=90-real).
# Ran twice: round1-first/ with the packed shapes alone (p1024x17 needed 353472 bytes of shared memory: the run
# stopped there), round1/ with the msd shapes added. Neither tool source is on main: the packed kernel and those
# shapes are in round1/segment-shapes.diff (against bcbcd6d).
set -u
LIMIT=${LIMIT:-400}
. scripts/device-round.sh
D=$(mktemp -d) && tar -xJf .carry/s94a.tar.xz -C "$D"
part 150 "$D/tools/radix_bench" segments 4194304,6000000,1e7 10
part 60 compute-sanitizer --tool memcheck "$D/tools/radix_bench" segments 100000 1
part 120 compute-sanitizer --tool racecheck "$D/tools/radix_bench" segments 100000 1
