"""scripts/compare: verdicts, new/missing cases, status changes, device check, reports and exit codes."""

import copy

import pytest

from scripts_support import BASE, RERUN, load, run_script, with_noise, write
from gsbtools import compare
from gsbtools.cli import run_main
from gsbtools.results import CaseKey, load_result
from gsbtools.stats import compare_samples, smallest_p_value


def run_compare(*args):
    return run_main("compare", compare.main, [str(a) for a in args])


def report_of(base_path, new_path, **kwargs):
    return compare.build_report(load_result(base_path), load_result(new_path), **kwargs)


def verdicts(report):
    return {row.key: row.verdict for row in report.rows}


@pytest.fixture
def noisy_pair(tmp_path, base_doc):
    """Base and an ordinary rerun: same medians, independent 2% noise, 5 repetitions each."""
    base = write(with_noise(base_doc, seed=1), tmp_path / "base.json")
    rerun = write(with_noise(base_doc, seed=2), tmp_path / "rerun.json")
    return base, rerun


def test_planted_ten_percent_slowdown_is_found_and_fails(tmp_path, base_doc, noisy_pair, capsys):
    base, _ = noisy_pair
    slow = write(with_noise(base_doc, factor=1.10, seed=3), tmp_path / "slow.json")
    report = report_of(base, slow)
    assert set(verdicts(report).values()) == {"slower"}
    for row in report.rows:
        assert 1.05 < row.comparison.ratio < 1.15
        assert row.comparison.ci_low > 1.0 and row.comparison.p_value < 0.05
    assert run_compare(base, slow) == 0  # reported, but only --fail-on-regression fails
    assert run_compare(base, slow, "--fail-on-regression") == 1
    out = capsys.readouterr().out
    assert "slower" in out and "regressions:" in out


def test_rerun_with_ordinary_noise_is_not_flagged(noisy_pair, capsys):
    base, rerun = noisy_pair
    report = report_of(base, rerun)
    assert "slower" not in verdicts(report).values()
    assert "faster" not in verdicts(report).values()
    assert run_compare(base, rerun, "--fail-on-regression") == 0
    assert "0 missing" in capsys.readouterr().out


def test_two_real_runs_of_the_tool():
    # Two real runs of the tool on the CPU back-ends, one right after the other, on a shared 2-core machine:
    # their noise is whatever that machine had, so only the bookkeeping is asserted here; the noise claims
    # are tested above with a controlled noise model.
    report = report_of(BASE, RERUN)
    assert len(report.rows) == len(load(BASE)["cases"]) and not report.missing and not report.new_cases
    assert all(r.comparison is not None for r in report.rows)
    for r in report.rows:  # a verdict of 'same' is only given with a tight interval
        if r.verdict == "same":
            assert 0.9 < r.comparison.ci_low <= r.comparison.ci_high < 1.1
    assert run_compare(BASE, RERUN) == 0


def test_identical_runs_are_the_same(tmp_path, base_doc):
    quiet = write(with_noise(base_doc, sigma=0.01, seed=7), tmp_path / "quiet.json")
    report = report_of(quiet, quiet)
    assert set(verdicts(report).values()) == {"same"}
    assert all(r.comparison.ratio == 1.0 and r.comparison.p_value == 1.0 for r in report.rows)


def test_too_noisy_to_call_the_same_is_unclear(tmp_path, base_doc):
    # Medians agree, but 25% noise leaves the interval far wider than the threshold.
    base = write(with_noise(base_doc, sigma=0.25, seed=8), tmp_path / "base.json")
    noisy = write(with_noise(base_doc, sigma=0.25, seed=9), tmp_path / "noisy.json")
    report = report_of(base, noisy, threshold=0.5)  # every median ratio is within 50%...
    assert all(abs(r.comparison.ratio - 1) < 0.5 for r in report.rows)
    report = report_of(base, noisy)  # ...and with 3% none can be called the same
    assert "same" not in verdicts(report).values()
    assert "slower" not in verdicts(report).values()


def test_faster_is_reported_and_does_not_fail(tmp_path, base_doc, noisy_pair):
    base, _ = noisy_pair
    fast = write(with_noise(base_doc, factor=0.85, seed=4), tmp_path / "fast.json")
    assert set(verdicts(report_of(base, fast)).values()) == {"faster"}
    assert run_compare(base, fast, "--fail-on-regression") == 0


def test_small_real_shift_within_threshold_is_same(tmp_path, base_doc):
    base = write(with_noise(base_doc, sigma=0.002, seed=5), tmp_path / "base.json")
    shifted = write(with_noise(base_doc, factor=1.015, sigma=0.002, seed=6), tmp_path / "shifted.json")
    report = report_of(base, shifted)
    assert set(verdicts(report).values()) == {"same"}
    assert all(r.comparison.p_value < 0.05 for r in report.rows)  # real, but below the practical threshold
    # ... and a tighter threshold makes it a regression.
    assert set(verdicts(report_of(base, shifted, threshold=0.01)).values()) == {"slower"}
    assert run_compare(base, shifted, "--threshold", "1%", "--fail-on-regression") == 1


def test_missing_and_new_cases_are_listed(tmp_path, base_doc, capsys):
    base_doc = with_noise(base_doc, sigma=0.01, seed=7)  # quiet enough for every matched case to be 'same'
    base = write(base_doc, tmp_path / "base.json")
    new_doc = copy.deepcopy(base_doc)
    dropped = new_doc["cases"].pop(0)
    extra = copy.deepcopy(new_doc["cases"][-1])
    extra["distribution"] = "planted-new-distribution"
    new_doc["cases"].append(extra)
    new = write(new_doc, tmp_path / "new.json")

    report = report_of(base, new)
    assert report.missing == [CaseKey.of(dropped)]
    assert report.new_cases == [CaseKey.of(extra)]
    assert run_compare(base, new, "--fail-on-regression") == 3  # a missing case is inconclusive...
    out = capsys.readouterr().out
    assert "missing cases (only in base, 1)" in out and CaseKey.of(dropped).label() in out
    assert "new cases (only in new, 1)" in out and "planted-new-distribution" in out
    assert run_compare(base, new, "--fail-on-regression", "--allow-missing") == 0  # ...unless allowed
    assert run_compare(base, new) == 0
    assert run_compare(base, new, "--fail-on-missing") == 1


@pytest.mark.parametrize("status, verdict, code", [("failed", "broken", 1), ("error", "broken", 1),
                                                   ("skipped", "skipped", 3)])
def test_ok_case_that_stops_being_ok(tmp_path, base_doc, status, verdict, code, capsys):
    base = write(base_doc, tmp_path / "base.json")
    new_doc = copy.deepcopy(base_doc)
    case = new_doc["cases"][1]
    case.update(status=status, reason="planted " + status, timing=None, end_to_end=None, throughput=None,
                speedup_vs_std_sort=None)
    if status == "failed":  # the tool marks a case failed when its validation failed (and only then)
        case["validation"].update(status="failed", first_mismatch="planted")
    new = write(new_doc, tmp_path / "new.json")
    rows = {r.key: r for r in report_of(base, new).rows}
    row = rows[CaseKey.of(case)]
    assert row.verdict == verdict and "planted " + status in row.note
    assert run_compare(base, new, "--fail-on-regression") == code
    assert run_compare(base, new) == 0
    assert verdict in capsys.readouterr().out


def test_case_that_becomes_ok_is_fixed(tmp_path, base_doc):
    base_doc = with_noise(base_doc, sigma=0.01, seed=7)
    base_doc_broken = copy.deepcopy(base_doc)
    base_doc_broken["cases"][0].update(status="error", reason="planted", timing=None, end_to_end=None,
                                       throughput=None, speedup_vs_std_sort=None)
    base = write(base_doc_broken, tmp_path / "base.json")
    new = write(base_doc, tmp_path / "new.json")
    row = report_of(base, new).rows[0]
    assert row.verdict == "fixed"
    assert run_compare(base, new, "--fail-on-regression") == 0


def test_different_devices_are_refused_unless_allowed(tmp_path, base_doc, gpu_doc, capsys):
    base = write(base_doc, tmp_path / "base.json")
    other = copy.deepcopy(base_doc)
    other["host"]["cpu_model"] = "Some Other CPU"
    other_path = write(other, tmp_path / "other.json")
    assert run_compare(base, other_path) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "Some Other CPU" in err and "--allow-different-devices" in err
    assert run_compare(base, other_path, "--allow-different-devices") == 0
    assert "different devices" in capsys.readouterr().out

    gpu_a = write(gpu_doc, tmp_path / "gpu_a.json")
    gpu_b_doc = copy.deepcopy(gpu_doc)
    gpu_b_doc["device"]["name"] = "NVIDIA H200"
    gpu_b = write(gpu_b_doc, tmp_path / "gpu_b.json")
    assert run_compare(gpu_a, gpu_b) == 2
    assert "NVIDIA H200" in capsys.readouterr().err


def test_markdown_report(tmp_path, base_doc, noisy_pair):
    base, _ = noisy_pair
    slow = write(with_noise(base_doc, factor=1.10, seed=3), tmp_path / "slow.json")
    md = tmp_path / "report.md"
    assert run_compare(base, slow, "--markdown", md) == 0
    text = md.read_text()
    assert text.startswith("## gpusort-bench comparison")
    assert "| case | base median ms | new median ms |" in text
    assert text.count("**slower**") == len(load(base)["cases"])


def test_changes_only_and_markdown_to_stdout(tmp_path, base_doc, noisy_pair, capsys):
    base, rerun = noisy_pair
    slow_doc = with_noise(base_doc, seed=2)
    slow_doc["cases"][0] = with_noise(base_doc, factor=1.2, seed=3)["cases"][0]
    slow = write(slow_doc, tmp_path / "slow.json")
    assert run_compare(base, slow, "--changes-only", "--markdown", "-") == 0
    out = capsys.readouterr().out
    assert out.startswith("## gpusort-bench comparison")
    table = [line for line in out.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert len(table) == 1 and "**slower**" in table[0]
    assert f"{len(base_doc['cases'])} matched" in out


def test_end_to_end_metric(tmp_path, gpu_doc):
    base = write(with_noise(gpu_doc, seed=1), tmp_path / "base.json")
    slow = write(with_noise(gpu_doc, factor=1.10, seed=2), tmp_path / "slow.json")
    report = report_of(base, slow, metric="total")
    timed = [r for r in report.rows if r.comparison]
    assert timed and {r.metric for r in timed} == {"total"}  # only the GPU cases have end-to-end timings
    assert {r.verdict for r in timed} == {"slower"}
    assert {r.verdict for r in report.rows if not r.comparison} == {"unclear", "not-ok"}


def test_bad_option_values_exit_2(capsys):
    with pytest.raises(SystemExit) as e:
        compare.main([str(BASE), str(BASE), "--threshold", "30"])
    assert e.value.code == 2
    assert "'30' must be a fraction" in capsys.readouterr().err


def test_executable_exit_codes(tmp_path, base_doc):
    base = write(with_noise(base_doc, seed=1), tmp_path / "base.json")
    slow = write(with_noise(base_doc, factor=1.10, seed=3), tmp_path / "slow.json")
    done = run_script("compare", base, slow, "--fail-on-regression")
    assert done.returncode == 1, done.stderr
    assert "slower" in done.stdout


def test_stats_edge_cases():
    same = compare_samples([1.0] * 5, [1.0] * 5)
    assert same.verdict == "same" and same.p_value == 1.0
    few = compare_samples([1.0, 1.01], [1.5, 1.51])
    assert few.verdict == "unclear" and "can never reach" in few.note
    assert smallest_p_value(5, 5) == pytest.approx(2 / 252)
    zero = compare_samples([0.0] * 3, [0.0] * 3)
    assert zero.verdict == "unclear"


def test_median_beyond_a_double_is_unclear(tmp_path, base_doc):
    """Samples the schema allows whose median overflows (1e308 and 1.7e308 average to inf): 'unclear' with a
    note, not a crash (log of a zero ratio)."""
    new_doc = copy.deepcopy(base_doc)
    new_doc["cases"][0]["timing"]["samples_ms"] = [1e308, 1.7e308]
    base, new = write(base_doc, tmp_path / "base.json"), write(new_doc, tmp_path / "new.json")
    rows = {r.key: r for r in report_of(new, base).rows}
    row = rows[CaseKey.of(base_doc["cases"][0])]
    assert row.verdict == "unclear" and "beyond the range of a double" in row.note
    assert run_compare(new, base, "--fail-on-regression") == 3  # no verdict: inconclusive
