"""The command line as a user meets it: exit codes, one-line errors naming the bad value, files."""
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "results" / "schema" / "gpusort-bench.schema.json"


def run(tool, *args, cwd=None):
    return subprocess.run([tool, *args], capture_output=True, text=True, timeout=600, cwd=cwd)


@pytest.mark.parametrize("args, bad", [
    (["--algo", "nosuch"], "nosuch"),
    (["--algo", "std-sort,bogo"], "bogo"),
    (["--type", "u7"], "u7"),
    (["--values", "u16"], "u16"),
    (["--order", "up"], "up"),
    (["--dist", "gaussian"], "gaussian"),
    (["--n", "abc"], "abc"),
    (["--n", "-5"], "-5"),
    (["--n", "0:1e3:x1"], "0:1e3:x1"[0]),
    (["--n", "1e3:1e2:x10"], "1e3:1e2:x10"),
    (["--n", "1:10:x1"], "1:10:x1"),
    (["--n", "1:10"], "1:10"),
    (["--n", "1.5"], "1.5"),
    (["--timing", "wall"], "wall"),
    (["--validate", "some"], "some"),
    (["--reps", "0"], "--reps"),
    (["--json", "/nonexistent-dir/x.json"], "/nonexistent-dir/x.json"),
    (["--csv", "/proc/forbidden.csv"], "/proc/forbidden.csv"),
    (["--device", "64"], "64"),
    (["--frobnicate"], "--frobnicate"),
])
def test_bad_input_exits_2_with_one_line(tool, args, bad, tmp_path):
    r = run(tool, "--algo", "std-sort", "--n", "100", *args, cwd=tmp_path)
    assert r.returncode == 2, (r.returncode, r.stderr)
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    assert len(lines) == 1, r.stderr
    assert bad in lines[0], lines[0]
    assert r.stdout == ""
    assert list(tmp_path.iterdir()) == []  # nothing half-written


def test_help_version_list(tool):
    h = run(tool, "--help")
    assert h.returncode == 0
    for word in ["--algo", "--n", "2^27", "64Ki", "xF", "entropy-0.811", "--timing", "--dump-sorted"]:
        assert word in h.stdout, word
    v = run(tool, "--version")
    assert v.returncode == 0 and "gpusort-bench" in v.stdout
    # the git commit it was built from, the CUDA runtime (and what it was built with), the driver it runs with
    import re
    assert re.search(r"\(git ([0-9a-f]{7,40}|unknown)", v.stdout), v.stdout
    assert re.search(r"CUDA runtime \d+\.\d+ \(built with \d+\.\d+\)", v.stdout), v.stdout
    assert "CUDA driver " in v.stdout or "no CUDA driver" in v.stdout, v.stdout
    assert "kernel driver" in v.stdout, v.stdout
    l = run(tool, "--list")
    assert l.returncode == 0
    for name in ["std-sort", "std-sort-par", "thrust", "cub-radix", "cub-merge"]:
        assert name in l.stdout


def test_cpu_run_writes_valid_json_csv_and_npy(tool, tmp_path):
    out, csv, npy = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "s.npy"
    r = run(tool, "--algo", "std-sort,std-sort-par,cub-radix", "--n", "1000,2^12", "--type", "u32,f32",
            "--values", "none,u32", "--dist", "uniform,entropy-0.337", "--reps", "3", "--warmup", "1",
            "--json", str(out), "--csv", str(csv), "--dump-sorted", str(npy))
    assert r.returncode == 0, r.stderr
    doc = json.loads(out.read_text())
    assert doc["schema_version"] == 1
    assert len(doc["cases"]) == 2 * 2 * 2 * 2 * 3
    ok = [c for c in doc["cases"] if c["status"] == "ok" and c["backend"] != "cub-radix"]
    assert len(ok) == 2 * 2 * 2 * 2 * 2
    for c in ok:
        assert c["validation"]["status"] == "passed"
        assert len(c["timing"]["samples_ms"]) == 3
        assert c["timing"]["method"] == "host-clock"
        assert c["speedup_vs_std_sort"] is not None
    gpu = [c for c in doc["cases"] if c["backend"] == "cub-radix"]
    if doc["device"] is None:
        assert all(c["status"] == "skipped" and c["reason"] == "no CUDA device" for c in gpu)
    assert csv.read_text().count("\n") == len(doc["cases"]) + 1
    np = pytest.importorskip("numpy")
    arr = np.load(npy)
    assert arr.shape == (1000,) and (np.diff(arr.astype("i8")) >= 0).all()
    if SCHEMA.exists():
        jsonschema = pytest.importorskip("jsonschema")
        jsonschema.validate(doc, json.loads(SCHEMA.read_text()))


def test_progress_line_on_stderr(tool, tmp_path):
    r = run(tool, "--algo", "std-sort", "--n", "100,200,300", "--reps", "1")
    assert r.returncode == 0
    assert "[1/3]" in r.stderr and "[3/3]" in r.stderr and "left" in r.stderr


def test_skip_reasons_and_exit_0(tool):
    r = run(tool, "--algo", "std-sort", "--type", "u32", "--dist", "normal", "--n", "100")
    assert r.returncode == 0
    assert "float key types only" in r.stdout


@pytest.mark.parametrize("value", ["70", "sm_52", "7.0", "abc", "sm_9x"])
def test_bad_gsb_arch_exits_2_with_one_line(tool, value, tmp_path):
    """GSB_ARCH (README, "Architectures") is checked like a flag: below the sm_75 floor or malformed is exit 2."""
    env = dict(os.environ, GSB_ARCH=value)
    r = subprocess.run([tool, "--algo", "std-sort", "--n", "100", "--json", "r.json"], capture_output=True,
                       text=True, timeout=600, cwd=tmp_path, env=env)
    assert r.returncode == 2, (r.returncode, r.stderr)
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and "GSB_ARCH" in lines[0] and value in lines[0], r.stderr
    assert list(tmp_path.iterdir()) == []


def test_list_states_the_oldest_gpu_of_each_backend(tool):
    l = run(tool, "--list")
    rows = {line.split()[0]: line for line in l.stdout.splitlines()[1:] if line.strip()}
    assert " 7.5+ " in rows["radix"] and " no " in rows["std-sort"]


def test_runs_without_nccl(tool, tmp_path):
    """libgsb.so does not link NCCL; where libnccl.so.2 cannot be loaded, sample-multi is skipped with the reason
    and everything else runs (GSB_NCCL_LIBRARY points the loader at a library that does not exist, which is what a
    machine without NCCL gives it)."""
    lib = pathlib.Path(tool).parent / "libgsb.so"
    ldd = subprocess.run(["ldd", str(lib)], capture_output=True, text=True)
    assert ldd.returncode == 0 and "libgsb" not in ldd.stderr
    assert "nccl" not in ldd.stdout, ldd.stdout
    if "sample-multi" not in run(tool, "--list").stdout:
        pytest.skip("sample-multi not built (no nccl.h at configure time)")
    env = dict(os.environ, GSB_NCCL_LIBRARY=str(tmp_path / "absent" / "libnccl.so.2"))
    out = tmp_path / "r.json"
    r = subprocess.run([tool, "--algo", "std-sort,sample-multi", "--n", "1000", "--json", str(out)],
                       capture_output=True, text=True, timeout=600, env=env)
    assert r.returncode == 0, r.stderr
    cases = {c["backend"]: c for c in json.loads(out.read_text())["cases"]}
    assert cases["std-sort"]["status"] == "ok"
    assert cases["sample-multi"]["status"] == "skipped"
    assert "NCCL not found" in cases["sample-multi"]["reason"] and "absent" in cases["sample-multi"]["reason"]
