"""plot: fixed colours per back-end, error bars from the samples, ratios only within one run, the --bar-n size
grammar, legends outside the plot, stale charts removed, the cross-device chart."""

import argparse
import copy

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from scripts_support import REPO_ROOT, load, run_script, write  # noqa: E402
from gsbtools import plot  # noqa: E402

H200 = REPO_ROOT / "results" / "nvidia-h200"
H100 = REPO_ROOT / "results" / "nvidia-h100" / "logs" / "device-run-arch-sm90-bench.json"


def test_known_backends_have_distinct_fixed_styles():
    styles = {(plot.Palette.colour(b), plot.Palette.marker(b)) for b in plot.BACKENDS}
    assert len({(plot.Palette.colour(b), plot.Palette.hatch(b)) for b in plot.BACKENDS}) == len(plot.BACKENDS)
    assert len(styles) == len(plot.BACKENDS) >= 26
    assert plot.STYLES >= 30
    for doc in H200.glob("*.json"):  # every committed back-end is in the table
        assert {c["backend"] for c in load(doc)["cases"]} <= set(plot.BACKENDS)


def test_style_does_not_depend_on_the_other_backends():
    a, b = plot.Palette(["radix", "cub-radix"]), plot.Palette(["radix", "bitonic", "thrust", "zz-new"])
    assert a.colour("radix") == b.colour("radix") and a.marker("radix") == b.marker("radix")
    assert plot.style_index("zz-new") == plot.style_index("zz-new") >= len(plot.BACKENDS)


def _series_colours(svg_dir, pattern):
    return {p.name for p in svg_dir.glob(pattern)}


def test_same_backend_same_colour_across_invocations(tmp_path):
    """Two invocations over different back-end sets draw radix in the same colour."""
    colours = []
    for name in ("ladder.json", "radix-types.json"):
        out = tmp_path / name
        assert run_script("plot", H200 / name, "--out", out, "--format", "svg").returncode == 0
        colours.append(out)
    want = plot.Palette.colour("radix").lower()
    for out in colours:
        assert any(want in f.read_text().lower() for f in out.glob("*.svg"))


def _capture_figures(monkeypatch):
    figs = []
    monkeypatch.setattr(plot.Writer, "save", lambda self, fig, kind, title, stem: figs.append((kind, stem, fig)))
    return figs


def _dataset(*names):
    return plot.Dataset([plot.load_result(H200 / n) for n in names], "auto")


def test_error_bars_and_legend_outside(monkeypatch, tmp_path):
    figs = _capture_figures(monkeypatch)
    data = _dataset("ladder.json")
    plot.plot_sweeps(data, plot.Writer(tmp_path, ["png"]))
    assert figs
    for kind, stem, fig in figs:
        ax = fig.axes[0]
        assert ax.containers, f"{stem}: no error bars"
        assert any(c.__class__.__name__ == "ErrorbarContainer" for c in ax.containers)
        fig.canvas.draw()
        r = fig.canvas.get_renderer()
        legend, axes_box, title = ax.get_legend().get_window_extent(r), ax.get_window_extent(r), ax.title.get_window_extent(r)
        assert legend.x0 >= axes_box.x1, f"{stem}: legend inside the plot"
        assert not legend.overlaps(title), f"{stem}: legend over the title"
        plt.close(fig)


def test_speedup_is_linear_and_within_one_run(monkeypatch, tmp_path):
    figs = _capture_figures(monkeypatch)
    data = _dataset("ladder.json", "networks.json", "end-to-end.json")
    plot.plot_sweeps(data, plot.Writer(tmp_path, ["png"]), kinds=("speedup",))
    speedups = [(stem, fig) for kind, stem, fig in figs if kind.startswith("speedup")]
    assert speedups
    for stem, fig in speedups:
        ax = fig.axes[0]
        assert ax.get_yscale() == "linear"
        title = ax.get_title()
        notes = fig._gsb_footnote[1]  # the footnote Writer.save places under the chart
        runs = [n for n in ("ladder.json", "networks.json", "end-to-end.json") if n in notes]
        assert len(runs) == 1, f"{stem}: ratio from {runs}"  # provenance: exactly one run
        if "(run " in title:
            assert stem.endswith(runs[0].split(".")[0])
        plt.close(fig)


def test_ratio_across_runs_is_not_drawn(tmp_path, monkeypatch):
    """cub-radix only in one file, radix only in another: no speed-up chart mixes them."""
    doc = load(H200 / "ladder.json")
    only_ref = copy.deepcopy(doc)
    only_ref["cases"] = [c for c in doc["cases"] if c["backend"] == "cub-radix"]
    others = copy.deepcopy(doc)
    others["cases"] = [c for c in doc["cases"] if c["backend"] == "radix"]
    others["meta"]["timestamp_utc"] = "2026-12-01T00:00:00Z"
    files = [write(only_ref, tmp_path / "a.json"), write(others, tmp_path / "b.json")]
    figs = _capture_figures(monkeypatch)
    data = plot.Dataset([plot.load_result(f) for f in files], "auto")
    plot.plot_sweeps(data, plot.Writer(tmp_path / "out", ["png"]), kinds=("speedup",))
    assert [stem for kind, stem, _ in figs if kind.startswith("speedup")] == []


def test_breakdown_survives_a_later_device_only_run(tmp_path):
    # Every committed H200 result, but only the two kinds of chart in question: all kinds (over 300 charts) passed
    # the 120 s limit on CI's shared 2 cores (2026-11-28).
    out = tmp_path / "charts"
    proc = run_script("plot", *sorted(H200.glob("*.json")), "--out", out, "--format", "png", "--charts",
                      "breakdown,bandwidth")
    assert proc.returncode == 0, proc.stderr
    assert list(out.glob("breakdown_*.png")) and list(out.glob("bandwidth_*.png"))


@pytest.mark.parametrize("text,n", [("100000000", 10 ** 8), ("1e8", 10 ** 8), ("2^27", 2 ** 27), ("64Ki", 65536),
                                    ("1Mi", 2 ** 20), ("1Gi", 2 ** 30), ("1k", 1000), ("1M", 10 ** 6),
                                    ("1G", 10 ** 9), ("2.5e6", 2500000), (" 1e8 ", 10 ** 8)])
def test_bar_n_grammar(text, n):
    assert plot.parse_n(text) == n


@pytest.mark.parametrize("text", ["inf", "nan", "-5", "0", "1.5", "2^49", "1e300", "1x", "Ki", "", "1e", "2.5^2",
                                  "1e-3", "0x10"])
def test_bar_n_refuses(text):
    with pytest.raises(argparse.ArgumentTypeError):
        plot.parse_n(text)


def test_bar_n_bad_value_exits_2(tmp_path):
    proc = run_script("plot", H200 / "ladder.json", "--out", tmp_path, "--bar-n", "1Q")
    assert proc.returncode == 2


def test_stale_charts_are_removed(tmp_path):
    out = tmp_path / "charts"
    assert run_script("plot", H200 / "ladder.json", H200 / "radix-types.json", "--out", out,
                      "--format", "png").returncode == 0
    before = {p.name for p in out.glob("*.png")}
    (out / "unrelated.png").write_bytes(b"x")
    proc = run_script("plot", H200 / "ladder.json", "--out", out, "--format", "png")
    after = {p.name for p in out.glob("*.png")}
    assert proc.returncode == 0
    gone = before - after
    assert gone and all(n.startswith("distributions_") or n.startswith("bandwidth_") for n in gone), gone
    assert "stale chart" in proc.stderr and "unrelated.png" in after and "unrelated.png" in proc.stderr
    assert (out / plot.MANIFEST).read_text().split() == sorted(after - {"unrelated.png"})


def test_compare_devices(tmp_path):
    out = tmp_path / "dev"
    proc = run_script("plot", "--compare-devices", H100, H200 / "merge.json", H200 / "radix-types.json",
                      "--out", out, "--format", "svg")
    assert proc.returncode == 0, proc.stderr
    (chart,) = out.glob("devices_*.svg")
    text = chart.read_text()
    assert "NVIDIA H100 80GB HBM3" in text and "NVIDIA H200" in text
    assert "device-run-arch-sm90-bench.json" in text and "radix-types.json" in text  # provenance
    one = run_script("plot", "--compare-devices", H200 / "merge.json", "--out", out)
    assert one.returncode == 2
