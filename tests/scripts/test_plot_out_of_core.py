"""scripts/plot: one out-of-core timeline chart per out-of-core case (issue 7), none for in-core cases."""

from test_schema_out_of_core import _doc

from scripts_support import write
from gsbtools import plot
from gsbtools.cli import run_main


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
