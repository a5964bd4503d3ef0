"""Host memory (issue 16, item 4): a case that does not fit the host's memory, or the process's limits
(`prlimit --as`, `ulimit -v`), is skipped up front with what it needs and what there is, before its input is
generated; no std::bad_alloc ends in std::terminate inside a parallel sort (exit 134 with nothing written before)."""
import json
import resource
import subprocess
import time

GiB = 1 << 30


def run_limited(tool, limit_bytes, *args, timeout=120):
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))
    return subprocess.run([tool, *args], capture_output=True, text=True, timeout=timeout, preexec_fn=limit)


def test_parallel_sorts_under_an_address_space_limit_are_skipped_not_crashed(tool, tmp_path):
    out = tmp_path / "r.json"
    t0 = time.monotonic()
    r = run_limited(tool, 10 * GiB, "--algo", "std-sort,std-sort-par", "--n", "1e9", "--reps", "1",
                    "--warmup", "0", "--json", str(out))
    assert r.returncode == 0, (r.returncode, r.stderr[-500:])
    assert time.monotonic() - t0 < 60  # refused before 4 GB of keys are generated
    cases = json.loads(out.read_text())["cases"]
    assert [c["status"] for c in cases] == ["skipped", "skipped"]
    for c in cases:
        assert "of host memory" in c["reason"] and "GiB available" in c["reason"], c["reason"]
        assert c["reason"].startswith("needs "), c["reason"]


def test_a_case_that_fits_the_limit_runs(tool, tmp_path):
    out = tmp_path / "r.json"
    r = run_limited(tool, 4 * GiB, "--algo", "std-sort,std-sort-par", "--n", "1e6", "--values", "u64", "--reps", "2",
                    "--warmup", "0", "--json", str(out))
    assert r.returncode == 0, r.stderr[-500:]
    assert [c["status"] for c in json.loads(out.read_text())["cases"]] == ["ok", "ok"]


def test_three_billion_keys_under_sixteen_gib_are_refused_at_once(tool, tmp_path):
    """The issue's probe: --n 3e9 under 16 GiB generated 12 GB for 19 s before skipping."""
    out = tmp_path / "r.json"
    t0 = time.monotonic()
    r = run_limited(tool, 16 * GiB, "--algo", "std-sort", "--n", "3e9", "--json", str(out))
    assert r.returncode == 0, r.stderr[-500:]
    assert time.monotonic() - t0 < 10
    c = json.loads(out.read_text())["cases"][0]
    assert c["status"] == "skipped" and c["reason"].startswith("needs "), c["reason"]


def test_the_reference_alone_is_checked_too(tool, tmp_path):
    """std-sort's own buffers would fit; the input and the reference beside them do not."""
    out = tmp_path / "r.json"
    r = run_limited(tool, 3 * GiB, "--algo", "std-sort", "--n", "2.5e8", "--json", str(out))
    assert r.returncode == 0, r.stderr[-500:]
    c = json.loads(out.read_text())["cases"][0]
    assert c["status"] == "skipped" and "reference" in c["reason"], c["reason"]
