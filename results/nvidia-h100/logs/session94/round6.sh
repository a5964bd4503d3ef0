#!/usr/bin/env bash
# Session 94, round 6 (any H100 or H200; issue 19): the msd block with runs of 6 digit bits (64 runs a sub-bucket of
# about 64-96 pairs: a warp's scan of 64 counts, not 256) against the path's 8, alone (tools/radix_bench segments,
# .carry/s94t.tar.xz), at 2^22, 6e6 and 8e6; then memcheck and racecheck of every shape at 1e5 pairs.
set -u
LIMIT=${LIMIT:-200}
. scripts/device-round.sh
T=$(mktemp -d) && tar -xJf .carry/s94t.tar.xz -C "$T"
part 60 "$T/tools/radix_bench" segments 4194304,6000000,8000000 10
part 30 compute-sanitizer --tool memcheck "$T/tools/radix_bench" segments 100000 1
part 90 compute-sanitizer --tool racecheck "$T/tools/radix_bench" segments 100000 1
