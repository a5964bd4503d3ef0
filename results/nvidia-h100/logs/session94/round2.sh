#!/usr/bin/env bash
# Session 94, round 2 (any H100 or H200): the segment sort's block in two new forms against the path's 512 x 34 of
# pairs, launched alone by tools/radix_bench segments over about 2^22, 6e6 and 1e7 pairs (every bucket checked against
# a stable host sort): words of key over position (PackedSegmentShape, p*), and one more MSD digit in shared memory
# with sub-buckets sorted by warps (MsdSegmentShape, m*). Then memcheck and racecheck of every shape at 1e5 pairs.
# (As round 1, over 2^22, 6e6 and 8e6, with the msd form's variants: values from global memory (g), keys read again
# (r), and buckets of 20 keys' values (few keys) whose sub-buckets took four rounds through global memory then.)
# Carry .carry/s94a.tar.xz (tools/radix_bench and libgsb.so of build/release, CUDAARCHS=90-real).
set -u
LIMIT=${LIMIT:-400}
. scripts/device-round.sh
D=$(mktemp -d) && tar -xJf .carry/s94a.tar.xz -C "$D"
part 150 "$D/tools/radix_bench" segments 4194304,6000000,8000000 10
part 60 compute-sanitizer --tool memcheck "$D/tools/radix_bench" segments 100000 1
part 120 compute-sanitizer --tool racecheck "$D/tools/radix_bench" segments 100000 1
