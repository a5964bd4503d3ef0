"""scripts/plot: every chart kind is produced, non-empty, in PNG and SVG; titles and colours are shared."""

import copy
import json

import pytest

from scripts_support import BASE, GPU_SAMPLE, write
from gsbtools import plot
from gsbtools.cli import run_main
from gsbtools.results import CaseKey, load_result

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def charts(folder):
    return sorted(p.name for p in folder.iterdir() if p.suffix in (".png", ".svg"))


def check_files(folder, names):
    for name in names:
        data = (folder / name).read_bytes()
        assert len(data) > 2000, name
        if name.endswith(".png"):
            assert data.startswith(PNG_SIGNATURE), name
        else:
            assert b"<svg" in data[:2000], name


def test_cpu_run_charts(tmp_path, capsys):
    out = tmp_path / "charts"
    assert run_main("plot", plot.main, [str(BASE), "--out", str(out)]) == 0
    assert f"to {out}" in capsys.readouterr().out
    names = charts(out)
    stems = {n.rsplit(".", 1)[0] for n in names}
    assert len(names) == 2 * len(stems)  # every chart in both formats
    kinds = {s.split("_", 1)[0] for s in stems}
    assert {"throughput", "time", "speedup-vs-std-sort", "distributions"} <= kinds
    check_files(out, names)
    assert (out / "index.md").read_text().count("](") == len(stems)


def test_gpu_run_charts(tmp_path):
    out = tmp_path / "charts"
    assert run_main("plot", plot.main, [str(GPU_SAMPLE), "--out", str(out), "--format", "png"]) == 0
    names = charts(out)
    kinds = {n.split("_", 1)[0] for n in names}
    assert kinds == {"throughput", "time", "speedup-vs-std-sort", "speedup-vs-cub-radix", "distributions", "bandwidth",
                     "breakdown"}  # no multi-GPU case in the sample: no multi-GPU chart
    assert all(n.endswith(".png") for n in names)
    result = load_result(GPU_SAMPLE)
    distributions = {c["distribution"] for c in result.cases}
    assert sum(n.startswith("throughput_") for n in names) == len(distributions)
    assert sum(n.startswith("breakdown_") for n in names) == len(distributions)
    check_files(out, names)


def test_multi_gpu_chart(tmp_path, base_doc):
    """A multi-GPU case gets a phase chart with the single-GPU back-ends of the same input beside it."""
    doc = json.loads(GPU_SAMPLE.read_text())
    ref = next(c for c in doc["cases"] if c["status"] == "ok" and c["backend"] == "cub-radix")
    multi = copy.deepcopy(ref)
    multi["backend"], multi["family"] = "sample-multi", "multi"
    gpu = {"shard_n": 1, "part_n": 1, "sent_bytes": 4, "splitters_ms": 0.05, "partition_ms": 0.1, "exchange_ms": 0.2,
           "exchange_wait_ms": 0.01, "sort_ms": 0.3, "total_ms": 0.45}
    multi["multi_gpu"] = {"gpus": 2, "communicator": "nccl", "device_bytes_per_gpu": 1, "host_bytes_needed": 1,
                          "setup_ms": 1, "distribute_ms": 1, "gather_ms": 1, "balance": 1.0, "exchange_share": 0.4,
                          "partition_attempts": 1, "per_gpu": [dict(gpu, device=0), dict(gpu, device=1)]}
    doc["cases"].append(multi)
    path = write(doc, tmp_path / "multi.json")
    out = tmp_path / "charts"
    assert run_main("plot", plot.main, [path, "--out", str(out), "--format", "png", "--charts", "multi-gpu"]) == 0
    names = charts(out)
    assert len(names) == 1 and names[0].startswith("multi-gpu_") and names[0].endswith("_g2.png"), names
    check_files(out, names)
    assert "Multi-GPU phases" in (out / "index.md").read_text()


def test_titles_and_colours(tmp_path):
    result = load_result(GPU_SAMPLE)
    data = plot.Dataset([result], "auto")
    subtitle = data.subtitle()
    assert "NVIDIA H100 80GB HBM3" in subtitle and "2026-11-22" in subtitle and "gpusort-bench 0.1.0" in subtitle
    # A back-end keeps its colour whichever charts (or files) it appears in.
    names = sorted({c["backend"] for c in result.cases})
    colours = [data.palette.colour(b) for b in names]
    assert len(set(colours)) == len(colours)
    again = plot.Dataset([result, result], "auto")
    assert [again.palette.colour(b) for b in names] == colours
    svg = tmp_path / "svg"
    assert run_main("plot", plot.main, [str(GPU_SAMPLE), "--out", str(svg), "--format", "svg", "--bar-n",
                                        "2^20", "--charts", "throughput,breakdown"]) == 0
    text = (svg / "throughput_u32-u32_asc_uniform.svg").read_text()
    assert "NVIDIA H100 80GB HBM3" in text and "gpusort-bench 0.1.0" in text
    assert {n.split("_", 1)[0] for n in charts(svg)} == {"throughput", "breakdown"}
    assert all("n1048576" in n for n in charts(svg) if n.startswith("breakdown_"))


def test_files_from_different_devices_are_refused(tmp_path, base_doc, capsys):
    other = copy.deepcopy(base_doc)
    other["host"]["cpu_model"] = "Another CPU"
    path = write(other, tmp_path / "other.json")
    assert run_main("plot", plot.main, [str(BASE), path, "--out", str(tmp_path / "c")]) == 2
    assert "different devices" in capsys.readouterr().err


def _failed_copy(case, reason):
    case = copy.deepcopy(case)
    case.update(status="failed", reason=reason)
    case["validation"].update(status="failed", first_mismatch="index 7")
    return case


def test_left_out_cases_are_reported(tmp_path, capsys):
    """Cases that did not run cleanly are not dropped without a word: one console line per back-end, and the
    chart index lists each one with its reason."""
    doc = json.loads(GPU_SAMPLE.read_text())
    radix = [i for i, c in enumerate(doc["cases"]) if c["backend"] == "cub-radix" and c["status"] == "ok"]
    doc["cases"][radix[0]] = _failed_copy(doc["cases"][radix[0]], "validation failed: index 7 out of order")
    gone = load_result(write(doc, tmp_path / "run.json")).cases[radix[0]]
    out = tmp_path / "charts"
    assert run_main("plot", plot.main, [str(tmp_path / "run.json"), "--out", str(out), "--format", "svg"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert f"plot: note: cub-radix: 1 case(s) left out of the charts (1 failed); see {out / 'index.md'}" in err
    assert any(line.startswith("plot: note: bitonic: 2 case(s) left out of the charts (2 skipped)") for line in err)
    index = (out / "index.md").read_text()
    assert "## Cases left out" in index
    assert f"- {CaseKey.of(gone).label()} ({tmp_path / 'run.json'}): failed: validation failed: index 7 out of order" in index
    assert index.count("skipped: ") == 2


def test_a_later_ok_run_is_not_left_out(tmp_path, capsys):
    """A case that failed in one file and ran in a later one is plotted and not listed as left out."""
    doc = json.loads(GPU_SAMPLE.read_text())
    i = next(i for i, c in enumerate(doc["cases"]) if c["backend"] == "cub-radix" and c["status"] == "ok")
    failed = copy.deepcopy(doc)
    failed["cases"][i] = _failed_copy(doc["cases"][i], "validation failed: index 7 out of order")
    first, later = write(failed, tmp_path / "first.json"), write(doc, tmp_path / "later.json")
    out = tmp_path / "charts"
    assert run_main("plot", plot.main, [first, later, "--out", str(out), "--format", "svg"]) == 0
    assert "cub-radix: " not in capsys.readouterr().err
    assert "cub-radix" not in (out / "index.md").read_text().split("## Cases left out")[1]


def _ok_case(doc, with_e2e=False):
    return next(c for c in doc["cases"] if c["status"] == "ok" and (c["end_to_end"] or not with_e2e))


def _gpu_sample():
    return json.loads(GPU_SAMPLE.read_text())


def _out_of_core():
    from test_schema_out_of_core import _doc
    return _doc()[0]


def _multi_gpu():
    from test_schema_multi_gpu import _doc
    return _doc()[0]


ABSURD = {  # name: (document, mutation, what stderr says); each passes the schema
    "denormal median": (_gpu_sample, lambda d: _ok_case(d)["timing"].update(median_ms=5e-324),
                        "median 4.94066e-324 ms is outside what a chart can draw"),
    "huge e2e part": (_gpu_sample, lambda d: _ok_case(d, True)["end_to_end"]["sort_ms"].update(median_ms=1.7e308),
                      "end-to-end sort_ms median 1.7e+308 ms is outside what a chart can draw"),
    "interval of three": (_out_of_core, lambda d: d["cases"][0]["out_of_core"]["timeline"][0].update(
        h2d_ms=[1.0, 2.0, 3.0]), "out-of-core timeline left out (an interval that is not [start, end]"),
    "huge timeline time": (_out_of_core, lambda d: d["cases"][0]["out_of_core"]["timeline"][-1].update(
        sort_ms=[1.0, 1e308]), "out-of-core timeline left out (a time of 1e+308 ms"),
    "huge phase time": (_multi_gpu, lambda d: d["cases"][0]["multi_gpu"]["per_gpu"][0].update(partition_ms=1e308),
                        "multi-GPU chart left out (a time of 1e+308 ms"),
}


@pytest.mark.parametrize("name", sorted(ABSURD))
def test_absurd_times_do_not_break_plot(tmp_path, capsys, name):
    """Values the schema allows but no chart can draw (1e308 ms, 5e-324 ms, [a, b, c] intervals): the case or
    chart is left out with a note, never a crash (exit 4) or a traceback."""
    make, mutate, says = ABSURD[name]
    doc = make()
    mutate(doc)
    path = write(doc, tmp_path / "run.json")
    out = tmp_path / "charts"
    assert run_main("plot", plot.main, [path, "--out", str(out), "--format", "svg"]) == 0
    assert says in capsys.readouterr().err + (out / "index.md").read_text()  # a chart's note, or a case's line
