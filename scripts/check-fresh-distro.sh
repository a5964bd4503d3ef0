#!/usr/bin/env bash
# Runs the README's two commands (scripts/setup.sh, scripts/build.sh, scripts/test.sh) on a fresh install of a
# supported distribution, so that "Debian 12, Ubuntu 22.04, Ubuntu 24.04" (README, "Supported platforms") is
# checked, not remembered: debootstrap lays out a minimal system (DIR/DISTRO, once; about 150 MB), a clean clone of
# this repository's HEAD goes into it, and setup.sh installs what it needs there from the distribution's packages
# and PyPI, as on a user's machine. The CUDA Toolkit is the one this machine's nvcc belongs to, bound read-only at
# /usr/local/cuda (CUDA is installed before setup.sh on a user's machine too). Needs root, debootstrap and the
# network; no GPU (the tests that need one skip). On 2 cores the build for sm_75 and sm_90 takes about 14 minutes.
#   scripts/check-fresh-distro.sh [--no-tests] DISTRO [DIR (build/distro)]
# DISTRO: bookworm (Debian 12), jammy (Ubuntu 22.04) or noble (Ubuntu 24.04).
# Environment: CUDAARCHS (default "75-real;90-real", as CI).
# Exit status: setup's, then the build's, then the tests'; 2 for bad arguments or a missing tool.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

tests=1
distro=""
dir=build/distro
for arg in "$@"; do
  case "$arg" in
    --no-tests) tests=0 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "check-fresh-distro: unknown option '$arg'" >&2; exit 2 ;;
    *) if [ -z "$distro" ]; then distro=$arg; else dir=$arg; fi ;;
  esac
done
case "$distro" in
  bookworm) mirror=http://deb.debian.org/debian; security=http://deb.debian.org/debian-security; components=main ;;
  jammy|noble) mirror=http://archive.ubuntu.com/ubuntu; security=$mirror; components=main,universe ;;
  "") echo "check-fresh-distro: no distribution named (bookworm, jammy or noble)" >&2; exit 2 ;;
  *) echo "check-fresh-distro: unknown distribution '$distro' (bookworm, jammy or noble)" >&2; exit 2 ;;
esac
[ "$(id -u)" -eq 0 ] || { echo "check-fresh-distro: needs root (debootstrap, chroot, mount)" >&2; exit 2; }
for tool in debootstrap chroot mount git; do
  command -v "$tool" >/dev/null || { echo "check-fresh-distro: '$tool' not found" >&2; exit 2; }
done
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc" ] || { echo "check-fresh-distro: no nvcc on PATH or in /usr/local/cuda/bin" >&2; exit 2; }
cuda=$(dirname "$(dirname "$(readlink -f "$nvcc")")")

mkdir -p "$dir"
root=$(cd "$dir" && pwd)/$distro
if [ ! -x "$root/usr/bin/apt-get" ]; then
  echo "check-fresh-distro: debootstrap $distro into $root"
  rm -rf "$root"
  # An older debootstrap may lack the release's script; Ubuntu's releases share gutsy's, Debian's sid's.
  script=/usr/share/debootstrap/scripts/$distro
  if [ ! -e "$script" ]; then
    case "$distro" in
      bookworm) script=/usr/share/debootstrap/scripts/sid ;;
      *) script=/usr/share/debootstrap/scripts/gutsy ;;
    esac
  fi
  if ! debootstrap --variant=minbase --components="$components" "$distro" "$root" "$mirror" "$script" \
      >"$root.debootstrap.log" 2>&1; then
    tail -n 5 "$root.debootstrap.log" >&2
    echo "check-fresh-distro: debootstrap $distro failed ($root.debootstrap.log)" >&2
    exit 1
  fi
  # As an installed system has them: its updates and security fixes.
  printf 'deb %s %s %s\n' "$mirror" "$distro" "${components/,/ }" "$mirror" "$distro-updates" "${components/,/ }" \
    "$security" "$distro-security" "${components/,/ }" >"$root/etc/apt/sources.list"
fi
# The host's name resolution, and the CA bundle it gives pip (or its system bundle) as pip's inside, kept apart from
# the system's there, which installing ca-certificates rewrites: a proxy that intercepts TLS and that the host
# trusts is then trusted inside too; otherwise the bundle holds the same public CAs.
cp /etc/resolv.conf "$root/etc/resolv.conf"
ca=${PIP_CERT:-/etc/ssl/certs/ca-certificates.crt}
if [ -f "$ca" ]; then cp "$ca" "$root/etc/check-fresh-distro-ca.crt"; fi

mounts=()
cleanup() {
  local i
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount "${mounts[$i]}" 2>/dev/null || umount -l "${mounts[$i]}"; done
}
trap cleanup EXIT
bind() {  # bind SOURCE TARGET [ro]
  mkdir -p "$2"
  mount --bind "$1" "$2"
  mounts+=("$2")
  if [ "${3:-}" = ro ]; then mount -o remount,bind,ro "$2"; fi
}
for m in "$root/usr/local/cuda" "$root/dev" "$root/proc"; do  # left by a run that was killed
  if [ ! -L "$m" ] && mountpoint -q "$m"; then umount "$m" 2>/dev/null || umount -l "$m"; fi  # a link: the host's
done
mount -t proc proc "$root/proc"
mounts+=("$root/proc")
bind /dev "$root/dev"
if [ -L "$root/usr/local/cuda" ]; then rm -f "$root/usr/local/cuda"; fi
bind "$cuda" "$root/usr/local/cuda" ro

rm -rf "$root/root/gpusort-bench"
git clone -q "$repo" "$root/root/gpusort-bench"
name=$(. "$root/etc/os-release" && echo "$PRETTY_NAME")
echo "check-fresh-distro: $name, $(git -C "$repo" rev-parse --short HEAD), CUDA from $cuda"
arches=${CUDAARCHS:-75-real;90-real}
passed=()  # a clean environment inside, but for the host's proxy and package index, and the CA bundle above
for v in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY PIP_INDEX_URL; do
  if [ -n "${!v:-}" ]; then passed+=("$v=${!v}"); fi
done
if [ -f "$root/etc/check-fresh-distro-ca.crt" ]; then passed+=(PIP_CERT=/etc/check-fresh-distro-ca.crt); fi
run() {  # run STEP COMMAND: one step inside, timed, its output in DIR/DISTRO.STEP.log
  local start
  start=$(date +%s)
  if chroot "$root" env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      CUDAARCHS="$arches" "${passed[@]}" bash -c "cd /root/gpusort-bench && $2" >"$root.$1.log" 2>&1; then
    echo "check-fresh-distro: $1 passed in $(($(date +%s) - start)) s ($root.$1.log)"
  else
    local rc=$?
    tail -n 20 "$root.$1.log" >&2
    echo "check-fresh-distro: $1 failed (exit $rc) after $(($(date +%s) - start)) s ($root.$1.log)" >&2
    exit "$rc"
  fi
}
run setup scripts/setup.sh
grep '^setup:' "$root.setup.log"
run build "g++ --version | head -n 1 && scripts/build.sh"
head -n 1 "$root.build.log"
[ "$tests" -eq 1 ] || exit 0
run test scripts/test.sh
grep -E 'tests passed|tests failed' "$root.test.log"
