"""--device-memory (issue 7): bad values exit 2 naming the value; the setting is recorded in the JSON (null
when absent); host back-ends never go out of core."""
import json
import subprocess

import pytest


def run(tool, *args, cwd=None):
    return subprocess.run([tool, *args], capture_output=True, text=True, timeout=600, cwd=cwd)


@pytest.mark.parametrize("bad", ["abc", "4Gx", "-1", "0.5"])
def test_bad_device_memory_exits_2(tool, bad, tmp_path):
    r = run(tool, "--algo", "std-sort", "--n", "100", "--device-memory", bad, cwd=tmp_path)
    assert r.returncode == 2, (r.returncode, r.stderr)
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    assert len(lines) == 1, r.stderr
    assert "--device-memory" in lines[0] and bad in lines[0], lines[0]
    assert list(tmp_path.iterdir()) == []


def test_device_memory_is_recorded(tool, tmp_path):
    out = tmp_path / "r.json"
    r = run(tool, "--algo", "std-sort", "--n", "1000", "--device-memory", "4Gi", "--reps", "1", "--warmup", "0",
            "--json", str(out), "-q")
    assert r.returncode == 0, r.stderr
    doc = json.loads(out.read_text())
    assert doc["settings"]["device_memory_limit_bytes"] == 4 << 30
    assert all("out_of_core" not in c for c in doc["cases"])  # in-core cases omit the key

    r = run(tool, "--algo", "std-sort", "--n", "1000", "--reps", "1", "--warmup", "0", "--json", str(out), "-q")
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text())["settings"]["device_memory_limit_bytes"] is None
