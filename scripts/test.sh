#!/usr/bin/env bash
# Runs every test: the C++ unit tests, the conformance suite (GPU back-ends skip without a device), the
# command-line tests and the Python scripts' tests. Expects a build (scripts/build.sh).
# ctest: .venv/bin/ctest where scripts/setup.sh installed CMake there (the system's was missing or too old), else
# the system's; .venv/bin goes first on PATH (its python, with the pinned packages, and a ninja put there).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d .venv/bin ]; then export PATH="$PWD/.venv/bin:$PATH"; fi
CTEST=ctest
if [ -x .venv/bin/ctest ]; then CTEST=$PWD/.venv/bin/ctest; fi
command -v "$CTEST" >/dev/null || { echo "test: ctest not found: run scripts/setup.sh first" >&2; exit 1; }
"$CTEST" --preset release -j "$(nproc)"
