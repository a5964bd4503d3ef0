"""scripts/same-code: the cubin section reader, the command it derives from the build's, its bad input, and (where
nvcc is installed) a whole run on a small checkout: a change that leaves the code alone passes, one that changes a
kernel is named."""

import json
import os
import shutil
import struct
import subprocess

import pytest

from scripts_support import run_script
from gsbtools.cli import BadInput
from gsbtools.samecode import cubin_command, differing_sections, elf_sections


def _elf(sections):
    """A 64-bit little-endian ELF file holding `sections`: (name, type, bytes or a NOBITS size) in order."""
    names = b"\0.shstrtab\0" + b"".join(n.encode() + b"\0" for n, _, _ in sections)
    body, headers, offset = b"", [], 64
    name_at = {n: names.index(b"\0" + n.encode() + b"\0") + 1 for n, _, _ in sections}
    for name, kind, data in sections:
        if kind == 8:
            headers.append((name_at[name], kind, offset, data))
        else:
            headers.append((name_at[name], kind, offset + len(body), len(data)))
            body += data
    strtab_at = offset + len(body)
    body += names
    shoff = offset + len(body)
    head = bytearray(64)
    head[:6] = b"\x7fELF\x02\x01"
    struct.pack_into("<Q", head, 0x28, shoff)
    struct.pack_into("<HHH", head, 0x3A, 64, len(headers) + 2, 1)
    table = bytes(64)  # the null section
    table += struct.pack("<IIQQQQIIQQ", 1, 3, 0, 0, strtab_at, len(names), 0, 0, 1, 0)
    for name, kind, off, size in headers:
        table += struct.pack("<IIQQQQIIQQ", name, kind, 0, 0, off, size, 0, 0, 1, 0)
    return bytes(head) + body + table


KERNEL = [(".text.k", 1, b"\x01\x02\x03\x04"), (".nv.shared.k", 8, 256), (".nv.constant0.k", 1, b"\0" * 8),
          (".nv.info.k", 1, b"abc")]


def test_sections_are_read_with_their_sizes():
    s = elf_sections(_elf(KERNEL))
    assert s[".text.k"][0] == 4 and s[".nv.shared.k"][0] == 256 and s[".nv.info.k"][0] == 3


def test_the_same_code_differs_nowhere():
    assert differing_sections(elf_sections(_elf(KERNEL)), elf_sections(_elf(KERNEL))) == ([], 1)


@pytest.mark.parametrize("change, named", [
    ((".text.k", 1, b"\x01\x02\x03\x05"), ".text.k"),          # one byte of code
    ((".nv.shared.k", 8, 512), ".nv.shared.k"),                # more static shared memory
    ((".nv.constant0.k", 1, b"\0" * 16), ".nv.constant0.k"),   # other parameters
])
def test_a_changed_kernel_is_named(change, named):
    new = [change if s[0] == change[0] else s for s in KERNEL]
    assert differing_sections(elf_sections(_elf(KERNEL)), elf_sections(_elf(new))) == ([named], 1)


def test_a_kernel_on_one_side_only_is_named_and_other_sections_are_not_compared():
    new = KERNEL + [(".text.j", 1, b"\x09")]
    assert differing_sections(elf_sections(_elf(KERNEL)), elf_sections(_elf(new)))[0] == [".text.j"]
    other = [s if s[0] != ".nv.info.k" else (".nv.info.k", 1, b"xyz") for s in KERNEL]
    assert differing_sections(elf_sections(_elf(KERNEL)), elf_sections(_elf(other)))[0] == []


@pytest.mark.parametrize("data", [b"", b"not an elf file at all" * 4, b"\x7fELF\x01\x01" + bytes(60)])
def test_not_a_cubin_is_bad_input(data):
    with pytest.raises(BadInput, match="x.cubin"):
        elf_sections(data, "x.cubin")


def test_the_build_command_becomes_a_cubin_command():
    entry = {"directory": "/r/build", "file": "/r/build/gen/t.cu",
             "command": "/usr/local/cuda/bin/nvcc -DX=1 -I/r/src -I/r/backends -isystem=/usr/local/cuda/include -O3 "
                        "--generate-code=arch=compute_90,code=[sm_90] -Xcompiler=-fPIC -lineinfo --compress-mode=size "
                        "-std=c++17 -x cu -c /r/build/gen/t.cu -o CMakeFiles/t.cu.o"}
    cmd = cubin_command(entry, "/r", "/tmp/base", "75", "/tmp/out.cubin")
    assert cmd[:3] == ["/usr/local/cuda/bin/nvcc", "-DX=1", "-I/tmp/base/src"]
    assert "-I/tmp/base/backends" in cmd and "-isystem=/usr/local/cuda/include" in cmd
    assert not any(a.startswith(("--generate-code=arch=compute_90", "--compress-mode")) for a in cmd)
    assert "-c" not in cmd and "CMakeFiles/t.cu.o" not in cmd
    assert cmd[-5:] == ["--generate-code=arch=compute_75,code=[sm_75]", "-cubin", "/r/build/gen/t.cu", "-o",
                        "/tmp/out.cubin"]
    assert cubin_command(entry, "/r", "/r", "90", "o")[2] == "-I/r/src"  # the working tree's own paths


GIT = shutil.which("git")
NVCC = shutil.which("nvcc") or next((p for p in ["/usr/local/cuda/bin/nvcc"] if os.path.exists(p)), None)


@pytest.mark.parametrize("args, named", [
    (["HEAD", "x", "--arch", "sm90"], "--arch sm90"),
    (["HEAD", "x", "--jobs", "0"], "--jobs 0"),
    pytest.param(["no-such-revision-here", "x"], "no-such-revision-here",
                 marks=pytest.mark.skipif(GIT is None, reason="no git (a fresh minimal system)")),
])
def test_bad_input_exits_2_with_one_line(args, named):
    done = run_script("same-code", *args)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and named in done.stderr and done.stderr.startswith("same-code: error:")


def test_without_git_it_says_so_in_one_line(tmp_path):
    """A system without git (a minimal Ubuntu 22.04 had none, 2026-12-05) is bad input named, not an internal
    error: PATH holds only an empty folder (the script runs by the interpreter's own path)."""
    done = run_script("same-code", "HEAD", "x", env={"PATH": str(tmp_path)})
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("same-code: error: git not found on PATH")


@pytest.mark.skipif(NVCC is None or GIT is None, reason="no nvcc or no git")
def test_a_whole_run_tells_a_refactor_from_a_change(tmp_path):
    nvcc = NVCC
    repo = tmp_path / "repo"
    (repo / "inc").mkdir(parents=True)
    git = lambda *a: subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *a], cwd=repo, check=True,
                                    capture_output=True)
    git("init", "-q")
    (repo / "k.cu").write_text('#include "step.cuh"\n'
                               "__global__ void k(int* a) { a[threadIdx.x] = step(a[threadIdx.x]); }\n")
    (repo / "inc" / "step.cuh").write_text("__device__ int step(int x) { return x * 3 + 1; }\n")
    build = repo / "build"
    build.mkdir()
    (build / "compile_commands.json").write_text(json.dumps([{
        "directory": str(build), "file": str(repo / "k.cu"),
        "command": f"{nvcc} -I{repo}/inc -O3 --generate-code=arch=compute_90,code=[sm_90] -x cu -c {repo}/k.cu "
                   "-o k.o"}]))
    (repo / ".gitignore").write_text("build/\n")
    git("add", "-A")
    git("commit", "-qm", "base")
    # The same arithmetic written otherwise: the same code.
    (repo / "inc" / "step.cuh").write_text("__device__ int step(int x) {\n  const int y = x + x + x;\n"
                                           "  return y + 1;\n}\n")
    done = run_script("same-code", "HEAD", "k", "--arch", "90", "--build", "build", cwd=repo)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "k sm_90: 1 kernels, 0 sections differ" in done.stdout
    # Other arithmetic: the kernel is named.
    (repo / "inc" / "step.cuh").write_text("__device__ int step(int x) { return x * 5 + 1; }\n")
    done = run_script("same-code", "HEAD", "k", "--arch", "90", "--build", "build", cwd=repo)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 sections differ" in done.stdout and ".text._Z1kPi" in done.stdout
