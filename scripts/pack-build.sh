#!/usr/bin/env bash
# Packs what a GPU run needs from a build folder -- the tool, libgsb.so and the two GPU test binaries, in
# their relative layout so that the $ORIGIN run paths hold -- into .carry/build.tar.xz (small enough for the
# device tool's 64 MiB limit), next to a copy of device-run.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-build/release}
mkdir -p .carry
tar -cJf .carry/build.tar.xz -C "$B" gpusort-bench $(cd "$B" && ls libgsb.so*) tests/gsb_unit_tests tests/gsb_conformance
cp scripts/device-run.sh .carry/
ls -la .carry/build.tar.xz
