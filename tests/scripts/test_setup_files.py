"""scripts/requirements*.txt, scripts/setup.sh, build.sh and test.sh (issue 15: Ubuntu 22.04 and 24.04, Debian 12):
one exact pin per package for each supported Python, NCCL only in requirements-multi.txt, one CMake minimum
everywhere, and build.sh/test.sh taking .venv's cmake/ctest when setup.sh put them there."""

import json
import os
import re
import shutil
import stat
import subprocess

import pytest

from scripts_support import REPO_ROOT, SCRIPTS

markers = pytest.importorskip("packaging.markers")
requirements = pytest.importorskip("packaging.requirements")

SUPPORTED_PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
PINNED = {"numpy", "scipy", "matplotlib", "jsonschema", "pytest", "cuda-bench", "tabulate", "colorama", "jsondiff"}


def requirement_lines(path):
    lines = [line.split("#", 1)[0].strip() for line in path.read_text().splitlines()]
    return [requirements.Requirement(line) for line in lines if line]


def active_for(reqs, python):
    env = markers.default_environment()
    env.update(python_version=python, python_full_version=f"{python}.0")
    return [r for r in reqs if r.marker is None or r.marker.evaluate(env)]


@pytest.mark.parametrize("python", SUPPORTED_PYTHONS)
def test_each_package_has_one_exact_pin_per_python(python):
    active = active_for(requirement_lines(SCRIPTS / "requirements.txt"), python)
    names = sorted(r.name.lower() for r in active)
    assert names == sorted(PINNED), f"Python {python}: {names}"
    for r in active:
        (spec,) = r.specifier
        assert spec.operator == "==", f"{r} is not an exact pin"


def test_nccl_only_in_requirements_multi():
    assert not [r for r in requirement_lines(SCRIPTS / "requirements.txt") if "nccl" in r.name]
    (nccl,) = requirement_lines(SCRIPTS / "requirements-multi.txt")
    assert nccl.name == "nvidia-nccl-cu13" and next(iter(nccl.specifier)).operator == "=="
    # setup.sh swaps the name for CUDA 12 (same NCCL version): the text it replaces must be there.
    assert "s/nvidia-nccl-cu13/" in (SCRIPTS / "setup.sh").read_text()


def setup_variable(name):
    match = re.search(rf"^{name}=([0-9][0-9.]*)", (SCRIPTS / "setup.sh").read_text(), re.M)
    assert match, f"{name} not set in scripts/setup.sh"
    return match.group(1)


def version_tuple(text):
    return tuple(int(x) for x in text.split("."))


def test_one_cmake_minimum_everywhere():
    minimum = setup_variable("GSB_CMAKE_MIN")
    cmakelists = (REPO_ROOT / "CMakeLists.txt").read_text()
    required = re.search(r"cmake_minimum_required\(VERSION ([0-9.]+)", cmakelists).group(1)
    presets = json.loads((REPO_ROOT / "CMakePresets.json").read_text())["cmakeMinimumRequired"]
    assert version_tuple(required)[:2] == version_tuple(minimum)[:2]
    assert (presets["major"], presets["minor"]) == version_tuple(minimum)[:2]
    assert version_tuple(setup_variable("GSB_CMAKE_PIN")) >= version_tuple(minimum)


def run_setup(*args):
    return subprocess.run(["bash", str(SCRIPTS / "setup.sh"), *args], capture_output=True, text=True, timeout=60)


def test_setup_help_and_unknown_argument():
    # Both answer before anything is checked or installed.
    shown = run_setup("--help")
    assert shown.returncode == 0 and "--multi-gpu" in shown.stdout
    refused = run_setup("--no-such-option")
    assert refused.returncode == 2 and "unknown argument" in refused.stderr


def fake_tool(path, log):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'#!/bin/sh\necho "$0 $*" >> {log}\n')
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


@pytest.mark.parametrize("with_venv_cmake", [True, False])
def test_build_and_test_scripts_pick_venv_cmake(tmp_path, with_venv_cmake):
    shutil.copytree(SCRIPTS, tmp_path / "scripts", ignore=shutil.ignore_patterns("__pycache__", "gsbtools"))
    log = tmp_path / "calls.log"
    system_bin = tmp_path / "system-bin"
    for tool in ("cmake", "ctest"):
        fake_tool(system_bin / tool, log)
        if with_venv_cmake:
            fake_tool(tmp_path / ".venv" / "bin" / tool, log)
    (tmp_path / "system-bin" / "nvcc").symlink_to("/bin/true")
    env = dict(os.environ, PATH=f"{system_bin}:/usr/bin:/bin")
    for script in ("build.sh", "test.sh"):
        done = subprocess.run(["bash", str(tmp_path / "scripts" / script)], env=env, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0, done.stderr
    calls = log.read_text().splitlines()
    where = tmp_path / ".venv" / "bin" if with_venv_cmake else system_bin
    assert [c.split()[0] for c in calls] == [str(where / "cmake"), str(where / "cmake"), str(where / "ctest")]
    assert calls[0].endswith("--preset release") and calls[1].split()[1:3] == ["--build", "--preset"]
    assert calls[2].split()[1:3] == ["--preset", "release"]


def test_cuda_floor_check_builds_with_the_floor_cmake_names():
    """scripts/check-cuda-floor.sh builds with the CUDA release CMakeLists.txt refuses to go below."""
    floor = re.search(r"set\(GSB_MIN_CUDA_VERSION ([0-9.]+)\)", (REPO_ROOT / "CMakeLists.txt").read_text()).group(1)
    release = re.search(r"^release=([0-9.]+)$", (SCRIPTS / "check-cuda-floor.sh").read_text(), re.M).group(1)
    assert release == floor


@pytest.mark.parametrize("script,args,code,line", [
    ("check-cuda-floor", ["--bogus"], 2, "check-cuda-floor: unknown option '--bogus'"),
    ("check-cuda-floor", ["--cccl", "13.0"], 2,
     "check-cuda-floor: --cccl '13.0' is not a CUDA release from 12.4 to 12.9"),
    ("check-cuda-floor", ["--cccl"], 2, "check-cuda-floor: --cccl needs a CUDA release (12.4 .. 12.9)"),
    ("check-cuda-floor", ["--help"], 0, "scripts/check-cuda-floor.sh [--no-tests] [--cccl R] [DIR (build/cuda-floor)]"),
    ("check-fresh-distro", ["focal"], 2,
     "check-fresh-distro: unknown distribution 'focal' (bookworm, jammy or noble)"),
    ("check-fresh-distro", [], 2, "check-fresh-distro: no distribution named (bookworm, jammy or noble)"),
    ("check-fresh-distro", ["--bogus", "jammy"], 2, "check-fresh-distro: unknown option '--bogus'"),
    ("check-fresh-distro", ["--help"], 0, "scripts/check-fresh-distro.sh [--no-tests] DISTRO [DIR (build/distro)]"),
])
def test_check_script_arguments(script, args, code, line):
    """The platform checks: a bad option, release or distribution is one line naming it and exit 2, before anything
    is downloaded or set up; --help is the usage."""
    r = subprocess.run(["bash", str(SCRIPTS / f"{script}.sh"), *args], capture_output=True, text=True, timeout=60)
    assert r.returncode == code, r.stderr
    if code == 2:
        assert r.stderr.strip().splitlines() == [line]
    else:
        assert line in r.stdout


def test_fresh_distro_check_covers_the_readme_distributions():
    """The distributions the script sets up are the ones README's platform table and setup.sh name."""
    script = (SCRIPTS / "check-fresh-distro.sh").read_text()
    assert re.search(r"^  bookworm\) ", script, re.M) and re.search(r"^  jammy\|noble\) ", script, re.M)
    for name in ("Debian 12", "Ubuntu 22.04", "Ubuntu 24.04"):
        assert name in (SCRIPTS / "setup.sh").read_text()
        assert name in script
