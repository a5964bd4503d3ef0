"""scripts/perf-check with a stand-in for gpusort-bench that writes a fixture-shaped run with planted timings."""

import pytest

from scripts_support import last_args, load, make_fake_tool, run_script, with_noise, write
from gsbtools import perf_check
from gsbtools.cli import run_main


@pytest.fixture
def setup(tmp_path, base_doc, monkeypatch):
    tool = make_fake_tool(tmp_path)
    baseline_doc = with_noise(base_doc, seed=1)
    baseline_doc["meta"]["argv"] = ["gpusort-bench", "--algo", "std-sort", "--json", "old.json", "--reps", "5"]
    baseline = write(baseline_doc, tmp_path / "baseline.json")
    log = tmp_path / "argv.json"
    monkeypatch.setenv("FAKE_ARGV_LOG", str(log))

    def plant(factor, seed=2, **env):
        monkeypatch.setenv("FAKE_RUN", write(with_noise(base_doc, factor=factor, seed=seed), tmp_path / "run.json"))
        for k, v in env.items():
            monkeypatch.setenv(k, v)

    return tool, baseline, log, plant


def check(tool, baseline, *extra):
    return run_main("perf-check", perf_check.main, ["--baseline", baseline, "--tool", str(tool), *extra])


def test_passes_on_a_noisy_rerun_and_reuses_the_baseline_arguments(setup, capsys):
    tool, baseline, log, plant = setup
    plant(1.0)
    assert check(tool, baseline) == 0
    # The baseline's own arguments, its --json replaced by perf-check's.
    args = last_args(log)
    assert args[:4] == ["--algo", "std-sort", "--reps", "5"] and args[4] == "--json" and args[5] != "old.json"
    assert "perf-check: passed" in capsys.readouterr().out


def test_fails_on_a_planted_slowdown(setup, tmp_path, capsys):
    tool, baseline, _, plant = setup
    plant(1.10)
    md = tmp_path / "summary.md"
    keep = tmp_path / "kept.json"
    assert check(tool, baseline, "--markdown", str(md), "--output", str(keep)) == 1
    assert "perf-check: FAILED" in capsys.readouterr().out
    assert "**slower**" in md.read_text()
    assert load(keep)["schema_version"] == 1


def test_explicit_tool_arguments_replace_the_recorded_ones(setup):
    tool, baseline, log, plant = setup
    plant(1.0)
    assert check(tool, baseline, "--", "--algo", "std-sort", "--n", "1e3") == 0
    assert last_args(log)[:4] == ["--algo", "std-sort", "--n", "1e3"]


def test_missing_case_is_inconclusive_unless_allowed(setup, tmp_path, base_doc, monkeypatch):
    tool, baseline, _, _ = setup
    run = with_noise(base_doc, seed=2)
    run["cases"].pop()
    monkeypatch.setenv("FAKE_RUN", write(run, tmp_path / "short.json"))
    assert check(tool, baseline) == 3
    assert check(tool, baseline, "--allow-missing") == 0


def test_tool_that_writes_nothing_exits_3(setup, capsys):
    tool, baseline, _, plant = setup
    plant(1.0, FAKE_WRITE="0", FAKE_RC="1")
    assert check(tool, baseline) == 3
    assert "wrote no result file" in capsys.readouterr().err


def test_update_baseline(setup, tmp_path):
    tool, _, log, plant = setup
    plant(1.0)
    target = tmp_path / "baselines" / "new-baseline.json"
    assert check(tool, str(target), "--update-baseline", "--", "--algo", "std-sort") == 0
    assert load(target)["meta"]["argv"][1:3] == ["--algo", "std-sort"]
    # Refreshing reuses the recorded arguments.
    assert check(tool, str(target), "--update-baseline") == 0
    assert last_args(log)[:2] == ["--algo", "std-sort"]


def test_executable_end_to_end(setup):
    tool, baseline, _, plant = setup
    plant(1.10)
    done = run_script("perf-check", "--baseline", baseline, "--tool", tool)
    assert done.returncode == 1, done.stderr
    assert "slower" in done.stdout
