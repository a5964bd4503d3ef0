"""Every timed repetition is validated (issue 16): faulty back-ends (tests/faults, loaded with LD_PRELOAD into the
real binary) are reported FAILED with exit 1 whichever repetition went wrong, never timed as a success."""
import json
import os
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
