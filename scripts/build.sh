#!/usr/bin/env bash
# Configures and builds the release preset (build/release). Extra arguments go to cmake's configure step,
# e.g. scripts/build.sh -DCMAKE_CUDA_ARCHITECTURES=80.
# CMake >= 3.25 is needed: .venv/bin/cmake where scripts/setup.sh put one there (the system's was missing or too
# old), else the system's. .venv/bin goes first on PATH, so a ninja that setup.sh put there is found too.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then export PATH=/usr/local/cuda/bin:$PATH; fi
if [ -d .venv/bin ]; then export PATH="$PWD/.venv/bin:$PATH"; fi
CMAKE=cmake
if [ -x .venv/bin/cmake ]; then CMAKE=$PWD/.venv/bin/cmake; fi
command -v "$CMAKE" >/dev/null || { echo "build: cmake not found: run scripts/setup.sh first" >&2; exit 1; }
"$CMAKE" --preset release "$@" >/dev/null
"$CMAKE" --build --preset release -j "$(nproc)"
