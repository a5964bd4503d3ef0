#!/usr/bin/env bash
# Configures and builds the release preset (build/release). Extra arguments go to cmake's configure step,
# e.g. scripts/build.sh -DCMAKE_CUDA_ARCHITECTURES=80.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then export PATH=/usr/local/cuda/bin:$PATH; fi
cmake --preset release "$@" >/dev/null
cmake --build --preset release -j "$(nproc)"
