"""scripts/export: NVBench JSON (read back by the cuda-bench package's reader and compare scripts where it is
installed, and checked against the layout those readers expect everywhere) and Google Benchmark JSON (checked
against the format Google Benchmark writes with --benchmark_repetitions; its PyPI wheel ships no compare tool)."""

import json
import statistics
import subprocess
import sys

import pytest

from scripts_support import REPO_ROOT, load, map_samples, run_script, write

MERGE = REPO_ROOT / "results" / "nvidia-h200" / "merge.json"  # 44 ok cases, 28 skipped
GB_TIME_UNITS = {"ns", "us", "ms", "s"}


def _ok_cases(doc):
    return [c for c in doc["cases"] if c["status"] == "ok"]


def _export(src, tmp_path, name, *args):
    out = tmp_path / name
    proc = run_script("export", src, *args, "--out", out)
    assert proc.returncode == 0, proc.stderr
    return out, proc


@pytest.fixture(scope="module")
def slower_merge(tmp_path_factory):
    """merge.json with every time 1.5x: what a regression looks like to the other tools."""
    doc = map_samples(load(MERGE), lambda case, samples: [s * 1.5 for s in samples])
    return write(doc, tmp_path_factory.mktemp("slow") / "slow.json")


# ---------------------------------------------------------------------------------------------- NVBench


def test_nvbench_layout_is_what_the_reader_expects(tmp_path):
    out, proc = _export(MERGE, tmp_path, "merge.nvbench.json", "--to", "nvbench")
    doc = json.loads(out.read_text())
    assert doc["meta"]["version"]["json"]["string"] == "1.0.0"  # nvbench_json.version.check_file_version
    assert [d["id"] for d in doc["devices"]] == [0] and doc["devices"][0]["name"] == "NVIDIA H200"
    states = [s for b in doc["benchmarks"] for s in b["states"]]
    assert len(states) == len(_ok_cases(load(MERGE)))
    assert "28 case(s) not ok or untimed, left out" in proc.stderr
    for bench in doc["benchmarks"]:
        assert bench["devices"] == [0]
        axes = {a["name"]: a for a in bench["axes"]}
        for state in bench["states"]:
            for av in state["axis_values"]:  # every axis value is one of its axis's values
                assert av["type"] == ("int64" if axes[av["name"]]["type"] == "int64" else "string")
                assert av["value"] in [str(v["value"]) for v in axes[av["name"]]["values"]]
            tags = {s["tag"]: s for s in state["summaries"]}
            for tag in ("nv/cold/time/gpu/mean", "nv/cold/time/gpu/stdev/relative", "nv/cold/sample_size"):
                value = [d for d in tags[tag]["data"] if d["name"] == "value"][0]
                assert isinstance(value["value"], str) and float(value["value"]) >= 0
            binfile = tags["nv/json/bin:nv/cold/sample_times"]["data"]
            assert (tmp_path / binfile[0]["value"]).stat().st_size == 4 * int(binfile[1]["value"])


def test_nvbench_read_by_cuda_bench_reader(tmp_path):
    results = pytest.importorskip("cuda.bench.results")
    out, _ = _export(MERGE, tmp_path, "merge.nvbench.json", "--to", "nvbench")
    parsed = results.BenchmarkResult.from_json(out)
    cases = {(c["backend"], c["key_type"], c["values"], c["n"], c["distribution"]): c for c in _ok_cases(load(MERGE))}
    seen = 0
    for name, sub in parsed.items():
        for state in sub:
            p = state.point
            case = cases[(name, p["Key"], p["Values"], int(p["Elements"]), p["Distribution"])]
            samples_s = [x / 1e3 for x in case["timing"]["samples_ms"]]
            assert list(state.samples) == pytest.approx(samples_s, rel=1e-6)  # float32 in the bin file
            median = state.summaries["nv/cold/time/gpu/median"].value
            assert median == pytest.approx(statistics.median(samples_s), rel=1e-12)
            seen += 1
    assert seen == len(cases)


@pytest.mark.parametrize("script", ["nvbench_compare", "nvbench_compare_robust"])
def test_nvbench_compare_of_two_exports(tmp_path, slower_merge, script):
    pytest.importorskip("cuda.bench.scripts.nvbench_json.reader")
    pytest.importorskip("tabulate")
    pytest.importorskip("colorama")
    ref, _ = _export(MERGE, tmp_path, "ref.json", "--to", "nvbench")
    cmp, _ = _export(slower_merge, tmp_path, "cmp.json", "--to", "nvbench")
    proc = subprocess.run([sys.executable, "-m", f"cuda.bench.scripts.{script}", "--no-color", str(ref), str(cmp)],
                          capture_output=True, text=True, timeout=300)
    out = proc.stdout
    assert "NVIDIA H200" in out and "# merge-samples" in out, out + proc.stderr
    if script == "nvbench_compare":
        assert "SLOW" in out and "FAST" not in out, out
    else:  # robust: reads all 44 pairs, but without SM clock summaries it calls a clear gap 'ambiguous'
        assert "Total Matches: 44" in out and "Improvement (clear timing gap, %Diff < 0): 0" in out, out
        assert "missing_clock_rate: 44" in out, out
        return
    same = subprocess.run([sys.executable, "-m", f"cuda.bench.scripts.{script}", "--no-color", str(ref), str(ref)],
                          capture_output=True, text=True, timeout=300)
    assert "SLOW" not in same.stdout and "SAME" in same.stdout, same.stdout + same.stderr


# ------------------------------------------------------------------------------------------ Google Benchmark


def test_gbench_repetitions_and_aggregates(tmp_path):
    out, proc = _export(MERGE, tmp_path, "merge.gbench.json", "--to", "gbench")
    doc = json.loads(out.read_text())
    for key in ("date", "host_name", "executable", "num_cpus", "mhz_per_cpu", "cpu_scaling_enabled", "caches",
                "load_avg", "library_build_type"):
        assert key in doc["context"]
    ok = _ok_cases(load(MERGE))
    reps = len(ok[0]["timing"]["samples_ms"])
    iterations = [b for b in doc["benchmarks"] if b["run_type"] == "iteration"]
    aggregates = [b for b in doc["benchmarks"] if b["run_type"] == "aggregate"]
    assert len(iterations) == len(ok) * reps and len(aggregates) == len(ok) * 4
    assert "left out" in proc.stderr
    for b in doc["benchmarks"]:  # what github-action-benchmark (googlecpp) and Bencher (cpp_google) read
        assert isinstance(b["name"], str) and b["time_unit"] in GB_TIME_UNITS
        assert isinstance(b["real_time"], float) and isinstance(b["cpu_time"], float)
        assert isinstance(b["iterations"], int) and b["threads"] == 1 and b["repetitions"] == reps
    case = ok[0]
    name = f"{case['backend']}/{case['key_type']}/{case['order']}/{case['distribution']}/n:{case['n']}"
    runs = [b for b in iterations if b["name"] == name]
    assert [b["real_time"] for b in runs] == case["timing"]["samples_ms"]
    assert [b["repetition_index"] for b in runs] == list(range(reps))
    by_agg = {b["aggregate_name"]: b for b in aggregates if b["run_name"] == name}
    assert set(by_agg) == {"mean", "median", "stddev", "cv"}
    assert by_agg["median"]["name"] == name + "_median"
    assert by_agg["median"]["real_time"] == pytest.approx(case["timing"]["median_ms"])
    assert by_agg["cv"]["aggregate_unit"] == "percentage"


def test_gbench_aggregates_only_gives_unique_names(tmp_path):
    out, _ = _export(MERGE, tmp_path, "agg.json", "--to", "gbench", "--aggregates-only")
    names = [b["name"] for b in json.loads(out.read_text())["benchmarks"]]
    assert len(names) == len(set(names)) == 4 * len(_ok_cases(load(MERGE)))


def test_export_to_stdout_and_bad_input(tmp_path):
    proc = run_script("export", MERGE, "--to", "gbench")
    assert proc.returncode == 0 and json.loads(proc.stdout)["benchmarks"]
    assert run_script("export", tmp_path / "missing.json", "--to", "gbench").returncode == 2
    assert run_script("export", MERGE, "--to", "csv").returncode == 2
