#!/usr/bin/env bash
# Runs every test: the C++ unit tests, the conformance suite (GPU back-ends skip without a device), the
# command-line tests and the Python scripts' tests. Expects a build (scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=python3
[ -x .venv/bin/python ] && PY=$PWD/.venv/bin/python
export PATH="$(dirname "$PY"):$PATH"
ctest --preset release -j "$(nproc)"
