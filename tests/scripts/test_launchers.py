"""The launchers run right after scripts/setup.sh && scripts/build.sh without activating .venv: when the
interpreter that runs them lacks numpy/scipy/matplotlib they re-execute themselves with <repo>/.venv/bin/python.
And pyproject.toml's console entry points (pip install -e .) name functions that exist."""

import importlib
import os
import shutil
import subprocess
import sys

import pytest

from scripts_support import BASE, REPO_ROOT, SCRIPTS


def make_repo(tmp_path, venv_flags=""):
    """A copy of scripts/ and results/schema/ whose .venv/bin/python runs this test's interpreter (which has
    the packages) with venv_flags."""
    repo = tmp_path / "repo"
    shutil.copytree(SCRIPTS, repo / "scripts", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    shutil.copytree(REPO_ROOT / "results" / "schema", repo / "results" / "schema")
    python = repo / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" {venv_flags} "$@"\n')
    python.chmod(0o755)
    return repo


def run(cmd, **env):
    full = {k: v for k, v in os.environ.items() if k not in ("GSB_REEXEC", "PYTHONPATH")}
    full.update(env)
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True, env=full, timeout=120)


def test_interpreter_without_numpy_reexecutes_with_the_venv(tmp_path):
    # -S: no site-packages, so this very interpreter lacks numpy; .venv/bin/python (without -S) has it.
    repo = make_repo(tmp_path)
    done = run([sys.executable, "-S", repo / "scripts" / "compare", BASE, BASE])
    assert done.returncode == 0, done.stderr
    assert "matched" in done.stdout


def _system_python_without_numpy():
    for candidate in ("/usr/bin/python3", "/bin/python3"):
        if os.access(candidate, os.X_OK):
            probe = subprocess.run([candidate, "-c", "import numpy"], capture_output=True)
            if probe.returncode != 0:
                return candidate
    return None


def test_shebang_python3_without_numpy_on_path(tmp_path):
    """What a user gets: `scripts/compare` with a PATH whose python3 lacks numpy."""
    system = _system_python_without_numpy()
    if system is None:
        pytest.skip("no python3 without numpy on this machine")
    repo = make_repo(tmp_path)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(system)
    done = run([repo / "scripts" / "compare", BASE, BASE], PATH=f"{bin_dir}:/usr/bin:/bin")
    assert done.returncode == 0, done.stderr


def test_a_venv_without_numpy_is_exit_4_not_a_loop(tmp_path):
    repo = make_repo(tmp_path, venv_flags="-S")  # the .venv lacks numpy too
    done = run([sys.executable, "-S", repo / "scripts" / "compare", BASE, BASE])
    assert done.returncode == 4, done.stderr
    assert "compare: internal error: ModuleNotFoundError" in done.stderr


def test_no_venv_is_exit_4(tmp_path):
    repo = make_repo(tmp_path)
    shutil.rmtree(repo / ".venv")
    done = run([sys.executable, "-S", repo / "scripts" / "perf-check", "--help"])
    assert done.returncode == 4 and "perf-check: internal error" in done.stderr


def test_pyproject_entry_points_exist():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())
    scripts = project["project"]["scripts"]
    assert set(scripts) == {"gsb-compare", "gsb-plot", "gsb-perf-check"}
    for target in scripts.values():
        module, function = target.split(":")
        assert callable(getattr(importlib.import_module(module), function))
    assert project["tool"]["setuptools"]["package-dir"] == {"": "scripts"}
