#!/usr/bin/env bash
# Packs what a GPU run needs from a build folder -- the tool, libgsb.so, the two GPU test binaries and, where
# built, the fault back-ends of the harness's own tests with their runner test, the library baselines' fairness
# test, the radix parts test and the radix tuning harnesses (tools/radix_bench, tools/scatter_ceiling), in their
# relative layout so that the $ORIGIN run paths hold -- into .carry/NAME.tar.xz (small enough for the device tool's
# 64 MiB limit), next to a copy of device-run.sh.
#   scripts/pack-build.sh [BUILD (build/release)] [NAME (build)]
# Several builds (say one per CUDA architecture list) can travel together under different names.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-build/release}
NAME=${2:-build}
mkdir -p .carry
faults=$(cd "$B" && ls tests/faults/libgsb_fault_backends.so tests/faults/gsb_fault_runner_tests \
  tests/baselines/gsb_baseline_fairness_tests tests/radix/gsb_radix_parts_tests tools/radix_bench \
  tools/scatter_ceiling 2>/dev/null || true)
tar -cJf ".carry/$NAME.tar.xz" -C "$B" gpusort-bench $(cd "$B" && ls libgsb.so*) tests/gsb_unit_tests tests/gsb_conformance \
  $faults
cp scripts/device-run.sh .carry/
ls -la ".carry/$NAME.tar.xz"
