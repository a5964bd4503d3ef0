#!/usr/bin/env bash
# Builds the tree with the oldest CUDA the project supports (12.4, CCCL 2.3.2: CMakeLists.txt's GSB_MIN_CUDA_VERSION)
# and runs its tests (those that need a GPU skip without one), so that "CUDA 12.4 and newer" (README, "Supported
# platforms") is checked, not remembered. Needs no root and installs nothing system-wide: Debian trixie's
# nvidia-cuda-toolkit 12.4.131 and its CCCL packages are downloaded (apt-get download, a private package list)
# into DIR/debs, unpacked into DIR/root and laid out as a toolkit (DIR/toolkit: bin/nvcc with an nvcc.profile of
# its own, nvvm/, include/, lib64/); the build goes into DIR/build. About 1.1 GB downloaded once; on 2 cores the
# build for sm_75 and sm_90 takes about 14 minutes and the tests about 7 (2026-12-04).
# --cccl R puts the CCCL of CUDA release R (12.4 .. 12.9: PyPI's nvidia-cuda-cccl-cu12, pip download, about 3 MB)
# ahead of the toolkit's with -I, the way CCCL's README shows a newer CCCL used with an installed toolkit, and
# builds into DIR/build-cccl-R: the CCCL releases between the floor's 2.3 and 13.0's 3.0 (12.9: 2.8, which
# deprecated what 3.0 removed).
#   scripts/check-cuda-floor.sh [--no-tests] [--cccl R] [DIR (build/cuda-floor)]
# Environment: CUDAARCHS (default "75-real;90-real", as CI), JOBS (default nproc).
# Exit status: the build's, then the tests'; 2 for bad arguments or a missing tool.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d .venv/bin ]; then export PATH="$PWD/.venv/bin:$PATH"; fi  # a CMake >= 3.25 that scripts/setup.sh put there

tests=1
dir=build/cuda-floor
cccl=""
while [ $# -gt 0 ]; do
  arg=$1
  shift
  case "$arg" in
    --no-tests) tests=0 ;;
    --cccl)
      [ $# -gt 0 ] || { echo "check-cuda-floor: --cccl needs a CUDA release (12.4 .. 12.9)" >&2; exit 2; }
      cccl=$1
      shift
      [[ "$cccl" =~ ^12\.[4-9]$ ]] ||
        { echo "check-cuda-floor: --cccl '$cccl' is not a CUDA release from 12.4 to 12.9" >&2; exit 2; }
      ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "check-cuda-floor: unknown option '$arg'" >&2; exit 2 ;;
    *) dir=$arg ;;
  esac
done
for tool in apt-get dpkg cmake ninja; do
  command -v "$tool" >/dev/null || { echo "check-cuda-floor: '$tool' not found" >&2; exit 2; }
done
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

# The floor (CMakeLists.txt's GSB_MIN_CUDA_VERSION: tests/scripts/test_setup_files.py holds the two together), the
# Debian release whose packages carry it, and the packages that make a toolkit of it (nvcc, cicc, ptxas and the other
# tools; the runtime's headers and libcudart; libNVVM; Thrust, CUB and libcu++).
release=12.4
suite=trixie
packages=(nvidia-cuda-toolkit nvidia-cuda-dev libcudart12 libnvvm4 libthrust-dev libcub-dev libcu++-dev)
apt=(-o "Dir::Etc::sourcelist=$dir/apt/sources.list" -o Dir::Etc::sourceparts=- -o "Dir::State::Lists=$dir/apt/lists"
     -o "Dir::Cache=$dir/apt/cache" -o Debug::NoLocking=1 -o APT::Sandbox::User=root)

if [ ! -x "$dir/toolkit/bin/nvcc" ]; then
  echo "check-cuda-floor: downloading Debian $suite's CUDA packages into $dir/debs"
  mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial" "$dir/debs"
  echo "deb http://deb.debian.org/debian $suite main contrib non-free" >"$dir/apt/sources.list"
  apt-get "${apt[@]}" update -qq
  (cd "$dir/debs" && apt-get "${apt[@]}" download "${packages[@]}" >/dev/null)
  rm -rf "$dir/root" "$dir/toolkit"
  for deb in "$dir"/debs/*.deb; do dpkg -x "$deb" "$dir/root"; done
  # Debian's nvcc reads /etc/nvcc.profile and finds its tools on /usr paths; a toolkit root of the usual shape,
  # with nvcc copied (it finds nvcc.profile beside its own file) and everything else linked, needs neither.
  r=$dir/root/usr
  t=$dir/toolkit
  mkdir -p "$t/bin" "$t/nvvm/bin" "$t/nvvm/libdevice"
  cp "$r/lib/nvidia-cuda-toolkit/bin/nvcc" "$t/bin/nvcc"
  for tool in ptxas fatbinary nvlink cudafe++ bin2c nvprune cuobjdump nvdisasm cu++filt; do
    ln -sf "$r/bin/$tool" "$t/bin/$tool"
  done
  ln -sf "$r/lib/nvidia-cuda-toolkit/bin/crt" "$t/bin/crt"
  ln -sf "$r/lib/nvidia-cuda-toolkit/bin/cicc" "$t/nvvm/bin/cicc"
  ln -sf "$r"/lib/nvidia-cuda-toolkit/libdevice/*.bc "$t/nvvm/libdevice/"
  ln -sfn "$r/include" "$t/include"
  ln -sfn "$r/lib/x86_64-linux-gnu" "$t/lib64"
  cat >"$t/bin/nvcc.profile" <<'EOF'
TOP = $(_HERE_)/..
NVVMIR_LIBRARY_DIR = $(TOP)/nvvm/libdevice
LD_LIBRARY_PATH += $(TOP)/lib64:
PATH += $(TOP)/nvvm/bin:$(_HERE_):
INCLUDES += "-I$(TOP)/include" $(_SPACE_)
LIBRARIES =+ $(_SPACE_) "-L$(TOP)/lib64/stubs" "-L$(TOP)/lib64"
EOF
fi
"$dir/toolkit/bin/nvcc" --version | tail -2
if ! "$dir/toolkit/bin/nvcc" --version | grep -q "release $release,"; then
  echo "check-cuda-floor: Debian $suite's nvcc is not CUDA $release (remove $dir/toolkit to fetch again)" >&2
  exit 1
fi

build=$dir/build
flags=()
if [ -n "$cccl" ]; then
  # CCCL's headers from CUDA $cccl's wheel, first on the include path (the host compiler's too, should a .cpp file
  # include them).
  include=$dir/cccl-$cccl/nvidia/cuda_cccl/include
  if [ ! -f "$include/cub/version.cuh" ]; then
    python=python3
    [ -x .venv/bin/python ] && python=.venv/bin/python
    rm -rf "$dir/cccl-$cccl"
    "$python" -m pip download -q --no-deps -d "$dir/cccl-$cccl/wheel" "nvidia-cuda-cccl-cu12==$cccl.*"
    "$python" -m zipfile -e "$dir/cccl-$cccl"/wheel/*.whl "$dir/cccl-$cccl"
  fi
  version=$(sed -n 's/^#define CUB_VERSION \([0-9]*\).*/\1/p' "$include/cub/version.cuh")
  echo "check-cuda-floor: CCCL $((version / 100000)).$((version / 100 % 1000)).$((version % 100)) (CUDA $cccl's)" \
    "ahead of the toolkit's"
  build=$dir/build-cccl-$cccl
  flags=(-DCMAKE_CUDA_FLAGS="-I$include" -DCMAKE_CXX_FLAGS="-I$include")
fi

export CUDAARCHS=${CUDAARCHS:-75-real;90-real}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGSB_BUILD_TOOLS=ON "${flags[@]}" \
  -DCMAKE_CUDA_COMPILER="$dir/toolkit/bin/nvcc" -DCUDAToolkit_ROOT="$dir/toolkit" >"$build.configure.log"
grep -E "^-- CUDA [0-9]" "$build.configure.log"
start=$(date +%s)
cmake --build "$build" -j "${JOBS:-$(nproc)}"
echo "check-cuda-floor: built in $(($(date +%s) - start)) s"
[ "$tests" -eq 1 ] || exit 0
ctest --test-dir "$build" -j "${JOBS:-$(nproc)}" --output-on-failure
