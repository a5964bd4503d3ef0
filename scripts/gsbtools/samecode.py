"""Whether a change leaves the machine code as it was (scripts/same-code): the named translation units compiled
to cubins at a base revision and in the working tree, for the given architectures, with the build's own flags
(its compile_commands.json), and every kernel's code compared byte for byte. A refactor of device code that
leaves every cubin's code the same needs no new device run: the figures measured before still describe it.

Only the standard library: it runs wherever nvcc and git do (no numpy, no GPU)."""

import argparse
import hashlib
import json
import os
import shlex
import shutil
import struct
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from gsbtools.cli import EXIT_OK, BadInput

EXIT_DIFFERENT = 1
# The sections that make a kernel what it runs: its code, its static shared memory, its parameter bank.
COMPARED_PREFIXES = (".text.", ".nv.shared.", ".nv.constant0.")
_NOBITS = 8


def elf_sections(data, name="cubin"):
    """{section name: (size, digest of its bytes)} of a 64-bit little-endian ELF file (a cubin)."""
    if len(data) < 64 or data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise BadInput(f"{name}: not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    if shnum == 0 or shstrndx >= shnum or shoff + shnum * shentsize > len(data):
        raise BadInput(f"{name}: its section headers lie outside the file")
    headers = [struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize) for i in range(shnum)]
    names_at = headers[shstrndx][4]
    sections = {}
    for name_off, kind, _flags, _addr, off, size in headers:
        start = names_at + name_off
        section = data[start:data.index(b"\0", start)].decode("ascii", "replace")
        body = b"" if kind == _NOBITS else data[off:off + size]
        sections[section] = (size, hashlib.sha1(body).hexdigest())
    return sections


def differing_sections(base, new):
    """The compared sections whose size or bytes differ, or that one side lacks, sorted by name; and how many
    kernels (.text sections) the base has."""
    names = sorted(n for n in set(base) | set(new) if n.startswith(COMPARED_PREFIXES))
    return [n for n in names if base.get(n) != new.get(n)], sum(1 for n in base if n.startswith(".text."))


def cubin_command(entry, root, include_root, arch, out):
    """The build's command for one translation unit (a compile_commands.json entry), turned into one that writes a
    cubin for sm_ARCH to `out`, its include paths under `root` moved under `include_root`."""
    args = shlex.split(entry["command"])
    kept, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a in ("-o", "-c", "-gencode", "-arch", "--generate-code", "--gpu-architecture"):
            skip = a not in ("-c",)
            continue
        if a.startswith(("--generate-code=", "-gencode=", "-arch=", "--gpu-architecture=", "--compress-mode")):
            continue
        if a.startswith("-I") and root != include_root:
            path = a[2:]
            if path == root or path.startswith(root + os.sep):
                a = "-I" + include_root + path[len(root):]
        kept.append(a)
    source = entry["file"]
    if source in kept:
        kept.remove(source)
    if root != include_root and source.startswith(root + os.sep):  # a source of the checkout: the base's own
        moved = include_root + source[len(root):]
        source = moved if os.path.exists(moved) else source  # (one the build generated stays the build's)
    return kept + [f"--generate-code=arch=compute_{arch},code=[sm_{arch}]", "-cubin", source, "-o", str(out)]


def _entries(build, units):
    path = Path(build) / "compile_commands.json"
    if not path.is_file():
        raise BadInput(f"{path}: missing (configure the build first)")
    by_unit = {}
    for e in json.loads(path.read_text()):
        by_unit.setdefault(Path(e["file"]).stem, e)
    missing = [u for u in units if u not in by_unit]
    if missing:
        raise BadInput(f"{path}: no translation unit named {missing[0]}")
    return [by_unit[u] for u in units]


def _compile(cmd, cwd):
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise BadInput(f"nvcc failed ({done.returncode}) for {cmd[-1]}: "
                       + " ".join(done.stderr.strip().splitlines()[-3:]))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="same-code", description=__doc__.split("\n\n")[0])
    ap.add_argument("base", help="the git revision to compare the working tree with (HEAD: the uncommitted change)")
    ap.add_argument("units", nargs="+", help="translation units by name, e.g. radix_onesweep_u32")
    ap.add_argument("--arch", default="75,90", help="architectures, comma-separated (default 75,90)")
    ap.add_argument("--build", default="build/release", help="the configured build folder (default build/release)")
    ap.add_argument("--jobs", type=int, default=2, help="compilers at once (default 2)")
    a = ap.parse_args(argv)
    archs = [x.strip() for x in a.arch.split(",") if x.strip()]
    if not archs or not all(x.isdigit() for x in archs):
        raise BadInput(f"--arch {a.arch}: expected numbers such as 75,90")
    if a.jobs < 1:
        raise BadInput(f"--jobs {a.jobs}: expected 1 or more")
    if shutil.which("git") is None:
        raise BadInput("git not found on PATH (the base revision is checked out with it)")
    root = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True).stdout.strip()
    if not root:
        raise BadInput("not inside a git checkout")
    if subprocess.run(["git", "rev-parse", "--verify", "--quiet", a.base + "^{commit}"], cwd=root,
                      capture_output=True).returncode != 0:
        raise BadInput(f"{a.base}: not a revision of this checkout")
    entries = _entries(Path(root) / a.build, a.units)
    with tempfile.TemporaryDirectory(prefix="same-code-") as tmp:
        tree = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(tree), a.base], cwd=root, check=True)
        try:
            jobs = []
            for e in entries:
                for arch in archs:
                    for side, inc in (("base", str(tree)), ("new", root)):
                        out = Path(tmp) / f"{side}.{Path(e['file']).stem}.{arch}.cubin"
                        jobs.append((cubin_command(e, root, inc, arch, out), e.get("directory", root)))
            with ThreadPoolExecutor(a.jobs) as pool:
                list(pool.map(lambda j: _compile(*j), jobs))
            status = EXIT_OK
            for e in entries:
                unit = Path(e["file"]).stem
                for arch in archs:
                    read = lambda side: elf_sections((Path(tmp) / f"{side}.{unit}.{arch}.cubin").read_bytes(),
                                                     f"{side} {unit} sm_{arch}")
                    diff, kernels = differing_sections(read("base"), read("new"))
                    print(f"{unit} sm_{arch}: {kernels} kernels, {len(diff)} sections differ")
                    for n in diff:
                        print(f"  {n}")
                    if diff:
                        status = EXIT_DIFFERENT
            return status
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=root, capture_output=True)

