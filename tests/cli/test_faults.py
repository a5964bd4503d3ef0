"""Every timed repetition is validated (issue 16): faulty back-ends (tests/faults, loaded with LD_PRELOAD into the
real binary) are reported FAILED with exit 1 whichever repetition went wrong, never timed as a success."""
import json
import os
import signal
import subprocess

import pytest

# name -> what the failure reason must mention
FAULTS = {
    "fault-alternate": "repetition 2 of 3",
    "fault-once": "repetition 2 of 3",
    "fault-early": "repetition 1 of 3",
    "fault-noop": "",
    "fault-swap": "",
    "fault-lose": "",
    "fault-lose-once": "repetition 2 of 3",
    "fault-unstable": "",
    "fault-unstable-once": "repetition 2 of 3: 1 adjacent elements out of order",
    "fault-pairing": "",
    "fault-pairing-once": "repetition 2 of 3",
    "fault-throw": "injected failure",
}


def run_faulty(tool, lib, tmp_path, algo, *extra):
    out = tmp_path / "r.json"
    env = dict(os.environ, LD_PRELOAD=lib)
    r = subprocess.run([tool, "--algo", algo, "--n", "1000", "--values", "u32", "--dist", "few-unique",
                        "--warmup", "0", "--reps", "3", "--json", str(out), *extra],
                       capture_output=True, text=True, timeout=600, env=env)
    return r, (json.loads(out.read_text()) if out.exists() else None)


@pytest.mark.parametrize("name, mention", sorted(FAULTS.items()))
def test_fault_is_reported_failed(tool, fault_backends, tmp_path, name, mention):
    r, doc = run_faulty(tool, fault_backends, tmp_path, f"std-sort,{name}")
    assert r.returncode == 1, (r.returncode, r.stderr)
    cases = {c["backend"]: c for c in doc["cases"]}
    assert cases["std-sort"]["status"] == "ok"
    bad = cases[name]
    assert bad["status"] in ("failed", "error"), bad
    assert mention in bad["reason"], bad["reason"]
    if bad["status"] == "failed":
        assert bad["validation"]["status"] == "failed"
        assert bad["throughput"] is None and bad["speedup_vs_std_sort"] is None  # no throughput for a failure
    assert "FAILED" in r.stdout or "ERROR" in r.stdout.upper()


def test_keys_only_faults_too(tool, fault_backends, tmp_path):
    out = tmp_path / "r.json"
    env = dict(os.environ, LD_PRELOAD=fault_backends)
    r = subprocess.run([tool, "--algo", "fault-once", "--n", "4097", "--warmup", "1", "--reps", "2",
                        "--json", str(out)], capture_output=True, text=True, timeout=600, env=env)
    assert r.returncode == 1
    c = json.loads(out.read_text())["cases"][0]
    assert c["status"] == "failed" and "repetition 2 of 3" in c["reason"], c["reason"]


def test_every_repetition_is_counted_in_the_checks(tool, tmp_path):
    out = tmp_path / "r.json"
    r = subprocess.run([tool, "--algo", "std-sort", "--n", "1000", "--warmup", "2", "--reps", "3",
                        "--json", str(out)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0
    c = json.loads(out.read_text())["cases"][0]
    assert "every repetition (5)" in c["validation"]["checks"]


def test_without_validation_nothing_is_claimed(tool, fault_backends, tmp_path):
    r, doc = run_faulty(tool, fault_backends, tmp_path, "fault-alternate", "--validate", "none")
    assert r.returncode == 0
    assert doc["cases"][0]["validation"]["status"] == "not-run"


def test_a_crashing_back_end_leaves_the_cases_before_it_and_no_temporary(tool, fault_backends, tmp_path):
    """fault-crash raises SIGSEGV in its first call: the process dies, the JSON written after the case before it
    is whole, and no temporary is left beside it (none was open at the crash)."""
    out = tmp_path / "r.json"
    env = dict(os.environ, LD_PRELOAD=fault_backends)
    r = subprocess.run([tool, "--algo", "std-sort,fault-crash", "--n", "1000", "--warmup", "0", "--reps", "3",
                        "--json", str(out)], capture_output=True, text=True, timeout=600, env=env)
    assert r.returncode == -signal.SIGSEGV, (r.returncode, r.stderr[-300:])
    doc = json.loads(out.read_text())
    assert [(c["backend"], c["status"]) for c in doc["cases"]] == [("std-sort", "ok")]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


@pytest.mark.parametrize("where, extra, mention", [
    ("in core", [], "repetition 2 of 3"),
    # out of core: a piece per call, so the second call is a piece of the first repetition; the last is right
    ("out of core", ["--device-memory", "4Mi"], "repetition 1 of 3"),
])
def test_device_paths_check_every_repetition(tool, fault_backends, tmp_path, where, extra, mention):
    out = tmp_path / "r.json"
    r = subprocess.run([tool, "--algo", "fault-device-once", "--n", "1e6", "--values", "u32", "--warmup", "0",
                        "--reps", "3", "--json", str(out), *extra], capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, LD_PRELOAD=fault_backends))
    c = json.loads(out.read_text())["cases"][0]
    if c["status"] == "skipped":
        pytest.skip(f"{where}: {c['reason']}")
    assert r.returncode == 1, (r.returncode, r.stderr[-500:])
    assert c["status"] == "failed" and mention in c["reason"], c["reason"]
    if where == "out of core":
        assert c["out_of_core"]["pieces"] > 1
