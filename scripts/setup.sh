#!/usr/bin/env bash
# Installs what gpusort-bench needs on Debian 12, Ubuntu 22.04 or Ubuntu 24.04. Run it as root, or as yourself
# with sudo available (sudo is used for apt-get only; .venv stays yours). The CUDA Toolkit 12.x or 13.x (nvcc,
# with CCCL: Thrust and CUB) must already be installed. What it installs, each only where missing:
#   - system packages (apt-get): g++, Ninja, CLI11, fmt, nlohmann/json, GoogleTest, python3-venv;
#   - CMake >= GSB_CMAKE_MIN: the system's cmake is kept when it is new enough (Debian 12: 3.25, Ubuntu 24.04:
#     3.28); otherwise (Ubuntu 22.04: 3.22, or none) the pinned cmake from PyPI goes into .venv/bin, plus ninja
#     where the system has none; scripts/build.sh and scripts/test.sh use .venv/bin/cmake and ctest when present;
#   - .venv/, a project-local virtual environment (Python 3.10 to 3.13) with numpy, scipy, matplotlib, jsonschema,
#     pytest and, for the export tests, cuda-bench (no CUDA needed), pinned in scripts/requirements.txt;
#   - only when asked (--multi-gpu, or GSB_WITH_NCCL=ON in the environment): NCCL's wheel for the multi-GPU
#     back-end sample-multi, scripts/requirements-multi.txt (209 MB), nvidia-nccl-cu12 or -cu13 to match nvcc.
# Idempotent: running it again installs nothing new. Prints one line per step.
# Usage: scripts/setup.sh [--multi-gpu]     Environment: PYTHON (interpreter for .venv, default python3),
#        GSB_WITH_NCCL=ON (same as --multi-gpu).
set -euo pipefail
cd "$(dirname "$0")/.."

# The oldest CMake the project builds with: CMakePresets.json "version": 6 and cmakeMinimumRequired, and
# cmake_minimum_required() in CMakeLists.txt, say the same; change all three together.
GSB_CMAKE_MIN=3.25
GSB_CMAKE_PIN=3.31.10  # from PyPI, into .venv, where the system's cmake is missing or older than GSB_CMAKE_MIN
GSB_NINJA_PIN=1.13.2   # from PyPI, into .venv, where the system has no ninja

with_nccl=OFF
[ "${GSB_WITH_NCCL:-}" = ON ] && with_nccl=ON
for arg in "$@"; do
  case "$arg" in
    --multi-gpu) with_nccl=ON ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "setup: unknown argument '$arg' (usage: scripts/setup.sh [--multi-gpu])" >&2; exit 2 ;;
  esac
done

incomplete=0
step() { echo "setup: $*"; }
warn() { echo "setup: $*" >&2; incomplete=1; }
version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }  # $1 >= $2
cmake_version() { "$1" --version 2>/dev/null | sed -n '1s/^cmake version \([0-9][0-9.]*\).*/\1/p'; }

# apt-get as root, or through sudo; 'apt-get update' at most once per run.
SUDO=""
can_apt=1
if ! command -v apt-get >/dev/null; then
  can_apt=0
elif [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then SUDO="sudo"; else can_apt=0; fi
fi
apt_updated=0
apt_install() {
  [ "$can_apt" -eq 1 ] || return 1
  if [ "$apt_updated" -eq 0 ]; then $SUDO apt-get update -qq; apt_updated=1; fi
  # sudo drops the environment, so DEBIAN_FRONTEND goes through env.
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
no_apt_reason() {
  if ! command -v apt-get >/dev/null; then echo "no apt-get"; else echo "not root and no sudo"; fi
}

# 1. CUDA Toolkit (not installed here).
if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then export PATH=/usr/local/cuda/bin:$PATH; fi
command -v nvcc >/dev/null || { echo "setup: nvcc not found: install the CUDA Toolkit (12.x or 13.x) first" >&2; exit 1; }
cuda_release=$(nvcc --version | sed -n 's/.*release \([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' | head -n1)
cuda_major=${cuda_release%%.*}
step "CUDA: nvcc $cuda_release ($(command -v nvcc))"

# 2. System packages. Debian package -> a file that proves it is installed.
declare -A need=(
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
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ] && ! "$PY" -c "import venv, ensurepip" 2>/dev/null; then
  missing+=(python3-venv)
fi
if [ ${#missing[@]} -eq 0 ]; then
  step "system packages: all present"
elif apt_install "${missing[@]}"; then
  step "system packages: installed ${missing[*]}"
else
  warn "system packages: could not install ${missing[*]} ($(no_apt_reason)): ask an administrator to install them"
fi

# 3. The virtual environment .venv.
if [ -x .venv/bin/python ]; then
  step "venv: .venv present ($(.venv/bin/python -c 'import platform; print("Python", platform.python_version())'))"
else
  "$PY" -m venv .venv 2>/dev/null || "$PY" -m venv --without-pip .venv || {
    echo "setup: could not create .venv with $PY (Python 3.10 to 3.13 with its venv module: python3-venv)" >&2; exit 1; }
  step "venv: created .venv ($(.venv/bin/python -c 'import platform; print("Python", platform.python_version())'))"
fi
if ! .venv/bin/python -c 'import sys; sys.exit(not (3, 10) <= sys.version_info[:2] <= (3, 13))'; then
  warn "venv: .venv's Python is not 3.10 to 3.13, which scripts/requirements.txt is pinned for (PYTHON=python3.X picks another)"
fi
if ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
  .venv/bin/python -m ensurepip -q 2>/dev/null || true
fi
.venv/bin/python -m pip --version >/dev/null 2>&1 || {
  echo "setup: .venv has no pip: install python3-venv (apt-get install python3-venv), remove .venv and run again" >&2; exit 1; }
pip_install() { .venv/bin/python -m pip install -q --disable-pip-version-check "$@"; }

# 4. Python packages for scripts/ and the tests.
pip_install -r scripts/requirements.txt
step "python packages: scripts/requirements.txt satisfied in .venv ($(.venv/bin/python -c 'from importlib.metadata import version as v; print(*(f"{p} {v(p)}" for p in ("numpy", "scipy", "matplotlib")), sep=", ")'))"

# 5. CMake >= GSB_CMAKE_MIN: the system's, else PyPI's in .venv (which scripts/build.sh and test.sh prefer).
sys_cmake=""
for c in $(type -ap cmake); do
  case "$c" in "$PWD"/.venv/*) ;; *) sys_cmake=$c; break ;; esac
done
sys_cmake_version=""
[ -n "$sys_cmake" ] && sys_cmake_version=$(cmake_version "$sys_cmake")
if [ -n "$sys_cmake_version" ] && version_ge "$sys_cmake_version" "$GSB_CMAKE_MIN"; then
  if [ -e .venv/bin/cmake ]; then
    .venv/bin/python -m pip uninstall -q -y cmake
    step "cmake: system $sys_cmake $sys_cmake_version (>= $GSB_CMAKE_MIN); removed the cmake in .venv/bin so the system's is used"
  else
    step "cmake: system $sys_cmake $sys_cmake_version (>= $GSB_CMAKE_MIN)"
  fi
else
  why="no cmake on PATH"
  [ -n "$sys_cmake" ] && why="system $sys_cmake ${sys_cmake_version:-of unknown version} is older than $GSB_CMAKE_MIN"
  venv_cmake_version=""
  [ -x .venv/bin/cmake ] && venv_cmake_version=$(cmake_version .venv/bin/cmake)
  if [ "$venv_cmake_version" = "$GSB_CMAKE_PIN" ]; then
    step "cmake: .venv/bin/cmake $venv_cmake_version present ($why)"
  else
    pip_install "cmake==$GSB_CMAKE_PIN"
    step "cmake: installed cmake $(cmake_version .venv/bin/cmake) from PyPI into .venv/bin ($why)"
  fi
fi

# 6. Ninja (CMakePresets.json's generator): the system's, else PyPI's in .venv.
sys_ninja=""
for n in $(type -ap ninja); do
  case "$n" in "$PWD"/.venv/*) ;; *) sys_ninja=$n; break ;; esac
done
if [ -n "$sys_ninja" ]; then
  step "ninja: system $sys_ninja $("$sys_ninja" --version)"
elif [ -x .venv/bin/ninja ]; then
  step "ninja: .venv/bin/ninja $(.venv/bin/ninja --version) present (the system has none)"
else
  pip_install "ninja==$GSB_NINJA_PIN"
  step "ninja: installed ninja $(.venv/bin/ninja --version) from PyPI into .venv/bin (the system has none)"
fi

# 7. NCCL's wheel for sample-multi, only when asked; the one that matches nvcc's major version.
if [ "$with_nccl" = ON ]; then
  case "$cuda_major" in
    12) nccl=nvidia-nccl-cu12; other=nvidia-nccl-cu13 ;;
    13) nccl=nvidia-nccl-cu13; other=nvidia-nccl-cu12 ;;
    *) echo "setup: NCCL: no wheel known for CUDA $cuda_release (scripts/requirements-multi.txt has cu12 and cu13)" >&2; exit 1 ;;
  esac
  # Both wheels install into site-packages/nvidia/nccl: never keep the other one beside it.
  if .venv/bin/python -m pip show -q "$other" >/dev/null 2>&1; then
    .venv/bin/python -m pip uninstall -q -y "$other"
    step "NCCL: removed $other (CUDA is $cuda_release)"
  fi
  reqs=$(mktemp)
  trap 'rm -f "$reqs"' EXIT
  sed "s/nvidia-nccl-cu13/$nccl/" scripts/requirements-multi.txt >"$reqs"
  pip_install -r "$reqs"
  step "NCCL: $nccl $(.venv/bin/python -m pip show "$nccl" | sed -n 's/^Version: //p') in .venv (scripts/requirements-multi.txt, CUDA $cuda_major)"
else
  step "NCCL: skipped (only for the multi-GPU back-end sample-multi: scripts/setup.sh --multi-gpu)"
fi

if [ "$incomplete" -ne 0 ]; then
  echo "setup: incomplete: see the messages above" >&2
  exit 1
fi
echo "setup: done"
