#!/usr/bin/env bash
# Copies what a GPU run needs from a build folder (binaries and libgsb.so, keeping their relative layout so
# the $ORIGIN run paths hold) into .carry/build, small enough for the device tool's 64 MiB limit.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-build/release}
D=.carry/build
rm -rf "$D"; mkdir -p "$D/tests"
cp "$B/gpusort-bench" "$B"/libgsb.so* "$D/"
cp "$B/tests/gsb_unit_tests" "$B/tests/gsb_conformance" "$D/tests/"
du -sh "$D"
