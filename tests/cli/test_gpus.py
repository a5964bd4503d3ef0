"""--gpus (issue 7, multi-GPU back-ends): bad values exit 2 with one line naming the value, nothing written;
the setting is recorded in the JSON ('all' when absent)."""
import json
import subprocess

import pytest


def run(tool, *args, cwd=None):
    return subprocess.run([tool, *args], capture_output=True, text=True, timeout=600, cwd=cwd)


@pytest.mark.parametrize("bad", ["0", "-1", "abc", "1.5", "2x", "", "99999"])
def test_bad_gpus_exits_2_with_one_line(tool, bad, tmp_path):
    r = run(tool, "--algo", "std-sort", "--n", "100", "--gpus", bad, "--json", str(tmp_path / "r.json"), cwd=tmp_path)
    assert r.returncode == 2, (r.returncode, r.stderr)
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    assert len(lines) == 1, r.stderr
    assert "--gpus" in lines[0] and f"'{bad}'" in lines[0], lines[0]
    assert r.stdout == ""
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("value, recorded", [("2", 2), ("all", "all"), (None, "all")])
def test_gpus_is_recorded(tool, tmp_path, value, recorded):
    out = tmp_path / "r.json"
    args = ["--algo", "std-sort", "--n", "1000", "--reps", "1", "--warmup", "0", "--json", str(out), "-q"]
    if value is not None:
        args += ["--gpus", value]
    r = run(tool, *args)
    assert r.returncode == 0, r.stderr
    doc = json.loads(out.read_text())
    assert doc["settings"]["gpus"] == recorded
    assert all("multi_gpu" not in c for c in doc["cases"])  # single-GPU and host cases omit the key
