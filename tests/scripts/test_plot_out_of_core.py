"""scripts/plot: one out-of-core timeline chart per out-of-core case (issue 7), none for in-core cases."""

from test_schema_out_of_core import _doc

from scripts_support import write
from gsbtools import plot
from gsbtools.cli import run_main
from gsbtools.results import load_result


def test_out_of_core_case_gets_a_timeline_chart(tmp_path):
    doc, case = _doc()
    path = write(doc, tmp_path / "ooc.json")
    out = tmp_path / "charts"
    assert run_main("plot", plot.main, [path, "--out", str(out), "--format", "png,svg", "--charts", "out-of-core"]) == 0
    names = sorted(p.name for p in out.iterdir() if p.suffix in (".png", ".svg"))
    stem = f"out-of-core_{case['backend']}_"
    assert len(names) == 2 and all(n.startswith(stem) for n in names), names
    svg = next(out.glob("*.svg")).read_text()
    assert "gpu-partition" in svg and "both ways" in svg
    assert "Out-of-core timelines" in (out / "index.md").read_text()


def test_no_out_of_core_case_no_timeline(tmp_path):
    doc, case = _doc()
    del case["out_of_core"]
    path = write(doc, tmp_path / "in-core.json")
    out = tmp_path / "charts"
    assert run_main("plot", plot.main, [path, "--out", str(out), "--charts", "out-of-core"]) == 0
    assert not [p for p in out.iterdir() if p.suffix in (".png", ".svg")]


def test_out_of_core_case_is_not_a_point_on_the_in_core_lines(tmp_path):
    # Timed by the host clock with the link included: drawn on an in-core line it would look like a collapse.
    doc, case = _doc()
    in_core = {k: v for k, v in case.items() if k != "out_of_core"}
    in_core["n"] = case["n"] * 2
    doc["cases"].append(in_core)
    data = plot.Dataset([load_result(write(doc, tmp_path / "mixed.json"))], "sort")
    series = data.sweeps()[(case["key_type"], case["values"], case["order"], case["distribution"])][case["backend"]]
    ns = [n for n, _ in series]
    assert case["n"] * 2 in ns and case["n"] not in ns
