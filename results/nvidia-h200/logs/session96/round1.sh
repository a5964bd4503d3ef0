#!/usr/bin/env bash
# Session 96, round 1 (issue 19): session 96's split msd blocks timed alone -- `tools/radix_bench segments` (the build
# .carry/s96x.tar.xz: tools/radix_bench and libgsb.so of e741237, CUDAARCHS=90-real;
# the tool's experiment is off main since, its diff in results/nvidia-h100/logs/session96/round1/split-msd.diff)
# with split_msd_kernel, a top-8-bit bucket over 2 or 4 blocks, each reading every key of the bucket twice and sorting
# the sub-buckets of bits 16 .. 23 that start in its share, as the msd block does; uniform low bits beside msd's
# 1024 x 24 block (values from global memory), every bucket checked against a stable host sort. ns a pair an SM.
set -u
LIMIT=${LIMIT:-100}
. scripts/device-round.sh
X=$(mktemp -d)
tar -xJf .carry/s96x.tar.xz -C "$X"
part 90 "$X/tools/radix_bench" segments 6000000,8000000,1e7 10
