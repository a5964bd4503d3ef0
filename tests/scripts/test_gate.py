"""The regression gate fails closed (issue 17, section 2): each way compare --fail-on-regression and perf-check
used to exit 0 without a trustworthy verdict now exits 3 (inconclusive) or 1 (regression), as documented."""

import copy

import pytest

from scripts_support import make_fake_tool, map_samples, with_noise, write
from gsbtools import compare, perf_check
from gsbtools.cli import run_main
from gsbtools.results import CaseKey, load_result

THROTTLED = {"sm_clock_mhz": 1980, "memory_clock_mhz": 2619, "throttle_reasons": ["sw_thermal_slowdown"],
             "temperature_c": 88, "power_w": 690}
IDLE = {"sm_clock_mhz": 1980, "memory_clock_mhz": 2619, "throttle_reasons": ["gpu_idle"], "temperature_c": 40,
        "power_w": 120}


def gate(base, new, *extra):
    return run_main("compare", compare.main, [str(base), str(new), "--fail-on-regression", *map(str, extra)])


@pytest.fixture
def quiet_pair(tmp_path, gpu_doc):
    """A GPU-shaped base and rerun with 1% noise and 10 repetitions: every ok case is 'same', gate passes."""
    base = with_noise(gpu_doc, sigma=0.01, reps=10, seed=1)
    new = with_noise(gpu_doc, sigma=0.01, reps=10, seed=2)
    assert gate(write(base, tmp_path / "b.json"), write(new, tmp_path / "n.json")) == 0
    return base, new


def verdict_of(base_path, new_path, case, **kwargs):
    report = compare.build_report(load_result(base_path), load_result(new_path), **kwargs)
    return {r.key: r for r in report.rows}[CaseKey.of(case)]


# --- cases that did not get a verdict ---------------------------------------------------------------------

def test_every_case_skipped_on_another_machine_is_inconclusive(tmp_path, quiet_pair, base_doc):
    """--allow-different-devices on a machine without the GPU: every GPU case skipped; that used to pass."""
    base, _ = quiet_pair
    new = copy.deepcopy(base)
    new["device"] = None
    for case in new["cases"]:
        case.update(status="skipped", reason="no CUDA device", timing=None, end_to_end=None, throughput=None,
                    speedup_vs_std_sort=None)
        case["validation"].update(status="not-run", checks=[])
    b, n = write(base, tmp_path / "b.json"), write(new, tmp_path / "n.json")
    assert gate(b, n) == 2  # different devices are refused...
    assert gate(b, n, "--allow-different-devices") == 3  # ...and, when allowed, nothing was compared


def test_unclear_three_against_three_is_inconclusive(tmp_path, gpu_doc, capsys):
    base = write(with_noise(gpu_doc, reps=3, seed=1), tmp_path / "b.json")
    slow = write(with_noise(gpu_doc, factor=1.5, reps=3, seed=2), tmp_path / "n.json")
    row = verdict_of(base, slow, gpu_doc["cases"][0])
    assert row.verdict == "unclear" and "can never reach" in row.note  # 3 vs 3 cannot reach p < 0.05
    assert gate(base, slow) == 3
    assert "outcome: inconclusive:" in capsys.readouterr().out


def test_nan_sample_stays_bad_input(tmp_path, gpu_doc):
    bad = copy.deepcopy(gpu_doc)
    bad["cases"][0]["timing"]["samples_ms"][0] = float("nan")
    assert gate(write(gpu_doc, tmp_path / "b.json"), write(bad, tmp_path / "n.json")) == 2


def test_regression_wins_over_inconclusive(tmp_path, quiet_pair, gpu_doc):
    base, new = quiet_pair
    new = copy.deepcopy(new)
    new["cases"][0] = with_noise(gpu_doc, factor=1.2, sigma=0.01, reps=10, seed=3)["cases"][0]
    new["cases"][1].update(status="skipped", reason="planted", timing=None, end_to_end=None, throughput=None,
                           speedup_vs_std_sort=None)
    assert gate(write(base, tmp_path / "b.json"), write(new, tmp_path / "n.json")) == 1


# --- environment drift ------------------------------------------------------------------------------------

@pytest.mark.parametrize("field, value", [("driver_version", "560.28.03"), ("runtime_version", "12.6"),
                                          ("sm_clock_khz", 1755000), ("memory_clock_khz", 1593000),
                                          ("copy_bandwidth_GBps", 1300.0)])
def test_device_drift_is_inconclusive_unless_allowed(tmp_path, quiet_pair, field, value, capsys):
    base, new = quiet_pair
    new = copy.deepcopy(new)
    new["device"][field] = value
    b, n = write(base, tmp_path / "b.json"), write(new, tmp_path / "n.json")
    assert gate(b, n) == 3
    out = capsys.readouterr().out
    assert f"drift: device.{field}" in out and "beyond tolerance: inconclusive" in out
    assert gate(b, n, "--allow-drift") == 0


def test_small_clock_change_is_reported_but_not_drift(tmp_path, quiet_pair, capsys):
    base, new = quiet_pair
    new = copy.deepcopy(new)
    new["device"]["sm_clock_khz"] = int(base["device"]["sm_clock_khz"] * 0.98)
    assert gate(write(base, tmp_path / "b.json"), write(new, tmp_path / "n.json")) == 0
    out = capsys.readouterr().out
    assert "drift: device.sm_clock_khz" in out and "within 5%" in out


def test_cold_first_sample_without_warmup_is_inconclusive(tmp_path, quiet_pair):
    """warm-up 3 in base, 0 in new, and a first sample 30x the others: drift, and the case gets no verdict even
    when drift is allowed."""
    base, new = quiet_pair
    first = CaseKey.of(base["cases"][0])
    new = map_samples(new, lambda case, s: [s[0] * 30] + s[1:] if CaseKey.of(case) == first else s)
    new["settings"]["warmup"] = 0
    base["settings"]["warmup"] = 3
    b, n = write(base, tmp_path / "b.json"), write(new, tmp_path / "n.json")
    row = verdict_of(b, n, base["cases"][0])
    assert row.verdict == "inconclusive-warmup" and "warm-up 0" in row.note
    assert gate(b, n) == 3
    assert gate(b, n, "--allow-drift") == 3


def test_throttled_case_is_inconclusive_unless_allowed(tmp_path, quiet_pair):
    base, new = quiet_pair
    new = copy.deepcopy(new)
    for case in new["cases"]:
        case["gpu_state"] = IDLE
    new["cases"][0]["gpu_state"] = THROTTLED
    b, n = write(base, tmp_path / "b.json"), write(new, tmp_path / "n.json")
    row = verdict_of(b, n, base["cases"][0])
    assert row.verdict == "inconclusive-drift" and "sw_thermal_slowdown" in row.note
    assert row.stat_verdict == "same"
    assert verdict_of(b, n, base["cases"][1]).verdict == "same"  # idle is not throttling; base has no gpu_state
    assert gate(b, n) == 3
    assert gate(b, n, "--allow-drift") == 0


def test_per_case_sm_clock_drift(tmp_path, quiet_pair):
    base, new = quiet_pair
    base, new = copy.deepcopy(base), copy.deepcopy(new)
    for doc in (base, new):
        for case in doc["cases"]:
            case["gpu_state"] = dict(IDLE)
    new["cases"][0]["gpu_state"]["sm_clock_mhz"] = 1500
    new["cases"][1]["gpu_state"]["sm_clock_mhz"] = 1950  # 1.5%: within tolerance
    b, n = write(base, tmp_path / "b.json"), write(new, tmp_path / "n.json")
    assert verdict_of(b, n, base["cases"][0]).verdict == "inconclusive-drift"
    assert verdict_of(b, n, base["cases"][1]).verdict == "same"
    assert gate(b, n) == 3
    assert gate(b, n, "--allow-drift") == 0


def test_gpu_state_null_is_fine(tmp_path, quiet_pair):
    base, new = quiet_pair
    new = copy.deepcopy(new)
    for case in new["cases"]:
        case["gpu_state"] = None
    assert gate(write(base, tmp_path / "b.json"), write(new, tmp_path / "n.json")) == 0


# --- perf-check: the benchmark's own exit status ----------------------------------------------------------

@pytest.fixture
def perf(tmp_path, gpu_doc, monkeypatch):
    """A fake tool and a GPU-shaped baseline; run(doc, rc, *options) makes the tool write doc and exit rc."""
    tool = make_fake_tool(tmp_path)
    baseline_doc = with_noise(gpu_doc, sigma=0.01, reps=10, seed=1)
    baseline = write(baseline_doc, tmp_path / "baseline.json")

    def run(doc, rc=0, *options):
        monkeypatch.setenv("FAKE_RUN", write(doc, tmp_path / "run.json"))
        monkeypatch.setenv("FAKE_RC", str(rc))
        return run_main("perf-check", perf_check.main, ["--baseline", baseline, "--tool", str(tool), *options])

    return run, with_noise(gpu_doc, sigma=0.01, reps=10, seed=2)


def test_perf_check_rerun_passes(perf):
    run, rerun = perf
    assert run(rerun) == 0


def test_crash_part_way_with_allow_missing_is_inconclusive(perf, capsys):
    run, rerun = perf
    partial = copy.deepcopy(rerun)
    del partial["cases"][5:]
    assert run(partial, 139, "--allow-missing") == 3
    out = capsys.readouterr().out
    assert "perf-check: INCONCLUSIVE" in out and "SIGSEGV" in out
    assert run(partial, 0, "--allow-missing") == 0  # allowed, and the run finished


def test_benchmark_exit_1_with_good_json_is_inconclusive(perf, capsys):
    run, rerun = perf
    assert run(rerun, 1) == 3
    assert "exited with status 1" in capsys.readouterr().out


def test_all_skipped_on_a_machine_without_the_gpu(perf, capsys):
    run, rerun = perf
    cpu = copy.deepcopy(rerun)
    cpu["device"] = None
    for case in cpu["cases"]:
        case.update(status="skipped", reason="no CUDA device", timing=None, end_to_end=None, throughput=None,
                    speedup_vs_std_sort=None)
        case["validation"].update(status="not-run", checks=[])
    assert run(cpu, 0, "--allow-different-devices") == 3
    assert "perf-check: passed" not in capsys.readouterr().out


def test_ab_with_a_failing_tool_is_inconclusive(perf, tmp_path, monkeypatch, capsys):
    run, rerun = perf
    tool = str(tmp_path / "gpusort-bench")
    baseline = str(tmp_path / "baseline.json")
    monkeypatch.setenv("FAKE_RUN", write(rerun, tmp_path / "run.json"))
    ab = ["--baseline", baseline, "--ab", tool, tool, "--rounds", "2", "--round-reps", "5"]
    assert run_main("perf-check", perf_check.main, ab) == 0  # the same samples every time: 'same' throughout
    monkeypatch.setenv("FAKE_RC", "1")
    assert run_main("perf-check", perf_check.main, ab) == 3
    assert "tool run(s) failed" in capsys.readouterr().out
