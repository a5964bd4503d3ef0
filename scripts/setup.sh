#!/usr/bin/env bash
# Installs what gpusort-bench needs on a Debian/Ubuntu machine (run as root, or with sudo available).
# The CUDA Toolkit (nvcc, with CCCL: Thrust and CUB) must already be installed; everything else comes from
# the system's packages and PyPI. Idempotent: installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null; then SUDO="sudo"; fi

if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then export PATH=/usr/local/cuda/bin:$PATH; fi
command -v nvcc >/dev/null || { echo "setup: nvcc not found: install the CUDA Toolkit (12.x or 13.x) first" >&2; exit 1; }

# Debian package -> a file that proves it is installed.
declare -A need=(
  [cmake]=/usr/bin/cmake
  [ninja-build]=/usr/bin/ninja
  [g++]=/usr/bin/g++
  [libcli11-dev]=/usr/include/CLI/CLI.hpp
  [libfmt-dev]=/usr/include/fmt/format.h
  [nlohmann-json3-dev]=/usr/include/nlohmann/json.hpp
  [libgtest-dev]=/usr/include/gtest/gtest.h
)
missing=()
for pkg in "${!need[@]}"; do
  [ -e "${need[$pkg]}" ] || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ] && command -v apt-get >/dev/null; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Python tools for scripts/ and the tests: a project-local virtual environment with pinned versions.
PY=${PYTHON:-python3}
if ! "$PY" -c "import venv, ensurepip" 2>/dev/null && command -v apt-get >/dev/null; then
  $SUDO apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
fi
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv 2>/dev/null || "$PY" -m venv --without-pip .venv
fi
if ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
  .venv/bin/python -m ensurepip -q 2>/dev/null || true
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -r scripts/requirements.txt
echo "setup: done"
