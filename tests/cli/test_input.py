"""Smaller input defects (issue 16, item 6): seeds, one list grammar, number forms, values with line breaks,
write errors on the standard streams, environment knobs, failed cases without a throughput, and two runs given
one --json."""
import json
import os
import subprocess
import time

import pytest


def run(tool, *args, env=None, cwd=None, stdout=subprocess.PIPE, stderr=subprocess.PIPE):
    return subprocess.run([tool, *args], stdout=stdout, stderr=stderr, text=True, timeout=600, cwd=cwd,
                          env=dict(os.environ, **(env or {})))


def one_line_error(r, bad):
    assert r.returncode == 2, (r.returncode, r.stderr)
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    assert len(lines) == 1, r.stderr
    assert bad in lines[0], lines[0]
    assert r.stdout == ""


@pytest.mark.parametrize("seed", ["-1", "18446744073709551616", "99999999999999999999999", "", "1e3", "0x10"])
def test_seed_outside_the_whole_numbers_of_64_bits_is_refused(tool, tmp_path, seed):
    r = run(tool, "--algo", "std-sort", "--n", "100", "--seed=" + seed, cwd=tmp_path)
    one_line_error(r, "--seed: '" + seed + "'" if seed else "--seed")  # '' is CLI11's "required TEXT missing"
    r = run(tool, "--algo", "std-sort", "--n", "100", "--seed", seed, cwd=tmp_path)
    one_line_error(r, "--seed: '" + seed + "'")
    assert list(tmp_path.iterdir()) == []


def test_largest_seed_is_kept_exactly(tool, tmp_path):
    out = tmp_path / "r.json"
    r = run(tool, "--algo", "std-sort", "--n", "100", "--seed", "18446744073709551615", "--json", str(out), "-q")
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text())["settings"]["seed"] == 18446744073709551615


@pytest.mark.parametrize("flag, value", [("--algo", "std-sort,"), ("--type", "u32,"), ("--values", "none,"),
                                         ("--order", "asc,"), ("--dist", "uniform,"), ("--n", "100,"),
                                         ("--n", ",100"), ("--type", "u32,,u64")])
def test_one_list_grammar_an_empty_item_is_refused_by_every_list_flag(tool, tmp_path, flag, value):
    args = {"--algo": "std-sort", "--n": "100"}
    args[flag] = value
    r = run(tool, *[x for kv in args.items() for x in kv], cwd=tmp_path)
    one_line_error(r, flag + ": '" + value + "' has an empty list item")


def test_blanks_around_items_are_allowed_by_every_list_flag(tool, tmp_path):
    out = tmp_path / "r.json"
    r = run(tool, "--algo", "std-sort, std-sort-par", "--type", "u32, u64", "--n", "100, 200", "--order", " asc",
            "--json", str(out), "-q")
    assert r.returncode == 0, r.stderr
    assert len(json.loads(out.read_text())["cases"]) == 8


@pytest.mark.parametrize("text, n", [("1e0003", 1000), ("2^0010", 1024), ("001000", 1000)])
def test_leading_zeros_in_sizes(tool, tmp_path, text, n):
    out = tmp_path / "r.json"
    r = run(tool, "--algo", "std-sort", "--n", text, "--json", str(out), "-q")
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text())["cases"][0]["n"] == n


@pytest.mark.parametrize("flag, value", [("--algo", "std-sort\nrm -rf"), ("--type", "u32\nu64"),
                                         ("--n", "1e\n3"), ("--json", "a\nb.json"), ("--dist", "uni\rform")])
def test_a_line_break_in_a_value_gives_one_line(tool, tmp_path, flag, value):
    args = {"--algo": "std-sort", "--n": "100"}
    args[flag] = value
    r = run(tool, *[x for kv in args.items() for x in kv], cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    assert len(r.stderr.splitlines()) == 1, repr(r.stderr)
    assert flag in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_full_standard_error_does_not_stop_the_run(tool, tmp_path):
    out = tmp_path / "r.json"
    with open("/dev/full", "w") as full:
        r = run(tool, "--algo", "std-sort", "--n", "100,200", "--json", str(out), stderr=full)
    assert r.returncode == 0
    assert [c["status"] for c in json.loads(out.read_text())["cases"]] == ["ok", "ok"]
    assert "std-sort" in r.stdout


def test_a_full_standard_output_is_an_error(tool, tmp_path):
    with open("/dev/full", "w") as full:
        r = run(tool, "--algo", "std-sort", "--n", "100", stdout=full)
    assert r.returncode == 1
    assert "error writing standard output" in r.stderr
    with open("/dev/full", "w") as full:
        r = run(tool, "--list", stdout=full)
    assert r.returncode == 1 and "standard output" in r.stderr
    with open("/dev/full", "w") as full:  # --json - carries the results: losing them is an error too
        r = run(tool, "--algo", "std-sort", "--n", "100", "--json", "-", stdout=full)
    assert r.returncode == 1


@pytest.mark.parametrize("name, value", [("GSB_RADIX_HYBRID_MIN_N", "abc"), ("GSB_RADIX_HYBRID_MIN_N", "0"),
                                         ("GSB_RADIX_HYBRID_MIN_N", "-5"), ("GSB_RADIX_PORTION_N", "0"),
                                         ("GSB_RADIX_PORTION_N", "268435456"), ("GSB_RADIX_COUNTING_MIN_N", "x"),
                                         ("GSB_OOC_METHOD", "bogus"), ("GSB_DEPENDENT_LAUNCH", "2"),
                                         ("GSB_CLUSTER_LAUNCH", "on"),
                                         ("GSB_ARCH", "sm_1")])
def test_a_bad_environment_knob_is_a_usage_error_before_any_case(tool, tmp_path, name, value):
    # Whatever the back-ends: a bad knob is refused up front, never a per-case error or a silent default.
    r = run(tool, "--algo", "std-sort", "--n", "100", "--json", str(tmp_path / "r.json"), env={name: value})
    one_line_error(r, name + ": '" + value + "'")
    assert list(tmp_path.iterdir()) == []


def test_knobs_that_are_set_are_recorded(tool, tmp_path):
    out = tmp_path / "r.json"
    r = run(tool, "--algo", "std-sort", "--n", "100", "--json", str(out), "-q",
            env={"GSB_OOC_METHOD": "host-partition", "GSB_RADIX_HYBRID_MIN_N": "2"})
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text())["settings"]["environment"] == {
        "GSB_OOC_METHOD": "host-partition", "GSB_RADIX_HYBRID_MIN_N": "2"}


def test_a_failed_case_shows_no_throughput(tool, fault_backends, tmp_path):
    r = run(tool, "--algo", "std-sort,fault-noop", "--n", "1000", "--reps", "2", env={"LD_PRELOAD": fault_backends})
    assert r.returncode == 1
    row = [l for l in r.stdout.splitlines() if l.startswith("fault-noop")]
    assert len(row) == 1 and "FAILED" in row[0], r.stdout
    assert "keys/s" not in row[0] and " G " not in row[0] and " M " not in row[0], row[0]


def test_two_runs_given_one_json_warn(tool, tmp_path):
    out = tmp_path / "r.json"
    args = [tool, "--algo", "std-sort", "--n", "2e5:2e6:+2e5", "--reps", "5", "--json", str(out), "-q"]
    a = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(0.5)
    b = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    ra, rb = a.communicate(timeout=600), b.communicate(timeout=600)
    assert a.returncode == 0 and b.returncode == 0, (ra, rb)
    warned = [s for _, s in (ra, rb) if "replaced or removed by another process" in s]
    assert warned, (ra[1], rb[1])
    assert all(len(s.splitlines()) == 1 for s in warned)  # once per run, one line
    json.loads(out.read_text())  # whole, from one of the two runs
    # One run alone never warns.
    r = run(tool, "--algo", "std-sort", "--n", "1e3,2e3", "--json", str(out), "-q")
    assert r.returncode == 0 and r.stderr == "", r.stderr
