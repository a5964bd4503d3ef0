"""compare/perf-check --json (checked against results/schema/compare-verdict.schema.json) and --github-summary
(appended markdown, annotations on stdout)."""

import copy
import json
import math

import pytest

from scripts_support import REPO_ROOT, load, run_script, with_noise, write
from gsbtools import compare
from gsbtools.cli import run_main

VERDICT_SCHEMA = REPO_ROOT / "results" / "schema" / "compare-verdict.schema.json"


def validate(doc):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(VERDICT_SCHEMA.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(doc)


@pytest.fixture
def slow_pair(tmp_path, gpu_doc):
    """Base and a new run whose first case is 20% slower and whose second case was skipped."""
    base = with_noise(gpu_doc, sigma=0.01, reps=10, seed=1)
    new = with_noise(gpu_doc, sigma=0.01, reps=10, seed=2)
    new["cases"][0] = with_noise(gpu_doc, factor=1.2, sigma=0.01, reps=10, seed=3)["cases"][0]
    new["cases"][1].update(status="skipped", reason="planted", timing=None, end_to_end=None, throughput=None,
                           speedup_vs_std_sort=None)
    new["device"]["driver_version"] = "560.28.03"
    return write(base, tmp_path / "base.json"), write(new, tmp_path / "new.json")


def test_verdict_json_follows_its_schema(tmp_path, slow_pair):
    out = tmp_path / "verdict.json"
    assert run_main("compare", compare.main, [*slow_pair, "--fail-on-regression", "--json", str(out)]) == 1
    doc = load(out)
    validate(doc)
    assert doc["outcome"] == "regression" and doc["exit_code"] == 1 and doc["program"] == "compare"
    cases = {c["case"]: c for c in doc["cases"]}
    first = next(c for c in doc["cases"] if c["verdict"] == "slower")
    assert 1.1 < first["ratio"] < 1.3 and first["ci_low"] > 1 and first["p_value"] < 0.05
    assert sum(c["verdict"] == "skipped" for c in cases.values()) == 1
    assert [d["field"] for d in doc["drift"]] == ["device.driver_version"]
    assert doc["drift"][0]["beyond_tolerance"] is True
    assert any("environment drift" in r for r in doc["reasons"])
    judged = [c["ratio"] for c in doc["cases"] if c["verdict"] in ("faster", "slower", "same")]
    geomean = math.exp(sum(map(math.log, judged)) / len(judged))
    assert doc["headline"] == {"geomean_ratio": pytest.approx(geomean), "cases_with_verdict": len(judged)}


def test_verdict_json_without_gating_still_says_the_outcome(tmp_path, slow_pair):
    out = tmp_path / "verdict.json"
    assert run_main("compare", compare.main, [*slow_pair, "--json", str(out)]) == 0
    doc = load(out)
    validate(doc)
    assert doc["exit_code"] == 0 and doc["outcome"] == "regression"


def test_verdict_json_of_an_inconclusive_run(tmp_path, base_doc):
    """Real noisy CPU runs (some 'unclear', NaN-free nulls) and a case without a median still validate."""
    new = copy.deepcopy(base_doc)
    new["cases"][0]["timing"]["samples_ms"] = [1e308, 1.7e308]
    out = tmp_path / "verdict.json"
    code = run_main("compare", compare.main, [write(base_doc, tmp_path / "b.json"), write(new, tmp_path / "n.json"),
                                              "--fail-on-regression", "--json", str(out)])
    assert code == 3
    doc = load(out)
    validate(doc)
    assert doc["outcome"] == "inconclusive" and doc["exit_code"] == 3
    assert doc["cases"][0]["ratio"] is None


def test_github_summary_appends_and_annotates(tmp_path, slow_pair):
    summary = tmp_path / "summary.md"
    summary.write_text("# earlier step\n")
    done = run_script("compare", *slow_pair, "--fail-on-regression", "--github-summary", summary)
    assert done.returncode == 1, done.stderr
    text = summary.read_text()
    assert text.startswith("# earlier step\n")  # appended, not overwritten
    assert "REGRESSION (exit 1)" in text and "geometric mean new/base" in text
    assert "| regression | verdict | new/base |" in text and "| slower |" in text
    errors = [line for line in done.stdout.splitlines() if line.startswith("::error ")]
    warnings = [line for line in done.stdout.splitlines() if line.startswith("::warning ")]
    assert len(errors) == 1 and errors[0].startswith("::error title=compare%3A slower::")
    assert any("skipped" in w for w in warnings) and any("environment drift" in w for w in warnings)
    # A second run appends a second summary.
    assert run_script("compare", *slow_pair, "--github-summary", summary).returncode == 0
    assert summary.read_text().count("### gpusort-bench compare") == 2


def test_github_summary_defaults_to_the_step_summary_variable(tmp_path, slow_pair):
    summary = tmp_path / "step.md"
    done = run_script("compare", *slow_pair, env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert done.returncode == 0, done.stderr
    assert "### gpusort-bench compare: REGRESSION" in summary.read_text()
