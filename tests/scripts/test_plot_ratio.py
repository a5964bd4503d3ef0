"""plot: the ratio heat map of two back-ends (issue 19, sweep part radix-grid): drawn from a two-back-end run,
ratios B / A inside one file only, cells without a ratio gray and listed as left out, the pair selectable."""

import copy
import json
import math

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from scripts_support import GPU_SAMPLE, load, stats_of, write  # noqa: E402
from gsbtools import plot  # noqa: E402
from gsbtools.cli import run_main  # noqa: E402
from gsbtools.results import load_result  # noqa: E402

TYPES = ("u8", "u32", "u64", "f64")
VALUES = ("none", "u32", "u64")
NS = (1000, 4864, 2 ** 24, 10 ** 8)


def _template():
    doc = load(GPU_SAMPLE)
    case = next(c for c in doc["cases"] if c["backend"] == "cub-radix" and c["status"] == "ok")
    case = copy.deepcopy(case)
    case["end_to_end"] = None
    doc["settings"]["timing"] = "device"
    doc["cases"] = []
    return doc, case


def grid_doc(radix_ms=lambda kt, vals, n: n / 1e6 + 0.01, ratio=lambda kt, vals, n: 2.0, types=TYPES,
             values=VALUES, ns=NS, backends=("radix", "cub-radix")):
    """A run of radix and cub-radix over types x values x ns, in the tool's order (n, type, values, back-end):
    radix's median is radix_ms(...), cub-radix's ratio(...) times it (ratio 2: radix twice as fast)."""
    doc, template = _template()
    for n in ns:
        for kt in types:
            for vals in values:
                for backend in backends:
                    ms = radix_ms(kt, vals, n) * (ratio(kt, vals, n) if backend == "cub-radix" else 1.0)
                    case = copy.deepcopy(template)
                    case.update(backend=backend, family="radix", key_type=kt, values=vals, n=n)
                    case["timing"] = {"method": "cuda-events", "host_synchronizes": False,
                                      **stats_of([ms * 0.99, ms, ms * 1.02])}
                    case["throughput"] = {"keys_per_s": n / (ms / 1e3), "effective_GBps": 1.0,
                                          "fraction_of_copy_bandwidth": 0.001}
                    case["speedup_vs_std_sort"] = None
                    case["validation"]["checks"] = ["sorted", "permutation"] + (["pairing"] if vals != "none" else [])
                    doc["cases"].append(case)
    return doc


def _case(doc, backend, kt, vals, n):
    return next(c for c in doc["cases"] if (c["backend"], c["key_type"], c["values"], c["n"]) == (backend, kt, vals, n))


def _grid(path, pair=plot.RATIO_PAIR):
    (grid,) = plot.ratio_grids([load_result(path)], pair)
    return grid


def test_ratio_direction_radix_twice_as_fast(tmp_path):
    """cub-radix takes twice radix's time: the ratio is 2 (> 1: radix faster), never 0.5; a case where cub-radix
    is faster reads below 1."""
    slower_cub = {("u64", "u32", 2 ** 24)}
    path = write(grid_doc(ratio=lambda kt, vals, n: 0.8 if (kt, vals, n) in slower_cub else 2.0),
                 tmp_path / "radix-grid.json")
    grid = _grid(path)
    assert grid.pair == ("radix", "cub-radix")
    assert grid.rows == [(kt, v) for kt in TYPES for v in VALUES]  # the tool's type order, then value mode
    assert grid.ns == sorted(NS)
    assert grid.ratio("u32", "none", 10 ** 8) == pytest.approx(2.0)
    assert grid.ratio("u64", "u32", 2 ** 24) == pytest.approx(0.8)
    matrix = grid.matrix()
    assert len(matrix) == len(TYPES) * len(VALUES) and all(len(row) == len(NS) for row in matrix)
    assert sum(r == pytest.approx(2.0) for row in matrix for r in row) == len(TYPES) * len(VALUES) * len(NS) - 1
    assert not grid.missing and grid.drawable()
    # the other way round (--ratio-pair cub-radix,radix): the inverse
    assert _grid(path, ("cub-radix", "radix")).ratio("u32", "none", 10 ** 8) == pytest.approx(0.5)


def test_heat_map_is_drawn_with_annotations_and_table(tmp_path, monkeypatch):
    path = write(grid_doc(ratio=lambda kt, vals, n: 1.5 if n == 4864 else 2.0), tmp_path / "radix-grid.json")
    figs = []
    real_save = plot.Writer.save

    def save(self, fig, kind, title, stem):
        figs.append((kind, stem, fig.axes[0].get_title(), [t.get_text() for t in fig.axes[0].texts]))
        real_save(self, fig, kind, title, stem)

    monkeypatch.setattr(plot.Writer, "save", save)
    out = tmp_path / "charts"
    assert run_main("plot", plot.main, [path, "--out", str(out), "--format", "png,svg"]) == 0
    (kind, stem, title, texts) = next(f for f in figs if f[0] == "ratio")
    assert stem == "ratio_cub-radix-over-radix_radix-grid_asc_uniform"
    assert (out / f"{stem}.png").read_bytes().startswith(b"\x89PNG")
    svg = (out / f"{stem}.svg").read_text()
    assert "same run, same input; medians; NVIDIA H100 80GB HBM3" in title
    assert "same run, same input" in svg and "NVIDIA H100 80GB HBM3" in svg
    assert texts.count("2.00") == len(TYPES) * len(VALUES) * (len(NS) - 1)
    assert texts.count("1.50") == len(TYPES) * len(VALUES)
    index = (out / "index.md").read_text()
    assert f"]({stem}.png)" in index
    table = index.split("## Ratio tables")[1]
    assert "| keys + values | 1e3 | 4864 | 2^24 | 1e8 |" in table
    assert "| u64+u32 | 2.00 | 1.50 | 2.00 | 2.00 |" in table
    assert "## Cells left out of the ratio heat maps" not in index


def test_missing_and_failed_cells_are_left_out_and_not_drawn(tmp_path, monkeypatch, capsys):
    doc = grid_doc()
    failed = _case(doc, "cub-radix", "u64", "u64", 10 ** 8)
    failed.update(status="failed", reason="validation failed: index 7 out of order", timing=None, throughput=None)
    failed["validation"].update(status="failed", first_mismatch="index 7")
    skipped = _case(doc, "radix", "f64", "u64", 10 ** 8)
    skipped.update(status="skipped", reason="needs 96 GiB of host memory (input, reference and radix's buffers); "
                                            "64 GiB available", timing=None, throughput=None)
    skipped["validation"].update(status="not-run", checks=[])
    doc["cases"].remove(_case(doc, "radix", "u8", "none", 4864))  # one back-end missing from the run
    path = write(doc, tmp_path / "radix-grid.json")
    grid = _grid(path)
    assert grid.ratio("u64", "u64", 10 ** 8) is None and grid.ratio("f64", "u64", 10 ** 8) is None
    assert grid.ratio("u8", "none", 4864) is None
    assert grid.ratio("u64", "u32", 10 ** 8) == pytest.approx(2.0)  # its neighbours keep theirs
    assert {k: v[0] for k, v in grid.missing.items()} == {("u64", "u64", 10 ** 8): "failed",
                                                         ("f64", "u64", 10 ** 8): "skipped",
                                                         ("u8", "none", 4864): "missing"}
    assert "radix: not in this run" in grid.missing[("u8", "none", 4864)][1]

    drawn = []
    monkeypatch.setattr(plot.Writer, "save", lambda self, fig, kind, title, stem: drawn.append((kind, fig)))
    out = tmp_path / "charts"
    assert run_main("plot", plot.main, [path, "--out", str(out), "--format", "png", "--charts", "ratio"]) == 0
    (fig,) = [f for k, f in drawn if k == "ratio"]
    ax = fig.axes[0]
    data = ax.images[0].get_array()
    row = {(kt, v): i for i, (kt, v) in enumerate(grid.rows)}
    col = {n: j for j, n in enumerate(grid.ns)}
    for kt, vals, n in grid.missing:
        assert data.mask[row[(kt, vals)], col[n]], (kt, vals, n)  # not drawn: masked (gray)
    assert data.mask.sum() == 3
    assert math.isclose(float(data[row[("u32", "none")], col[10 ** 8]]), 1.0)  # log2(2)
    hatched = [p for p in ax.patches if p.get_hatch() == "///"]
    assert len(hatched) == 3
    texts = [t.get_text() for t in ax.texts]
    assert {"failed", "skipped", "missing"} <= set(texts)
    plt.close(fig)
    err = capsys.readouterr().err
    assert "ratio heat map radix-grid (asc, uniform): 3 of 48 cells have no ratio" in err
    index = (out / "index.md").read_text()
    left = index.split("## Cells left out of the ratio heat maps")[1]
    assert "- u64+u64 n=1e8: failed: cub-radix: failed: validation failed: index 7 out of order" in left
    assert "- f64+u64 n=1e8: skipped: radix: skipped: needs 96 GiB of host memory" in left
    assert "- u8 n=4864: missing: radix: not in this run" in left
    assert "| u64+u64 | 2.00 | 2.00 | 2.00 | failed |" in index


def test_ratios_never_cross_files(tmp_path):
    """radix only in one file and cub-radix only in another (even of the same part): no ratio anywhere."""
    doc = grid_doc()
    only_radix, only_cub = copy.deepcopy(doc), copy.deepcopy(doc)
    only_radix["cases"] = [c for c in doc["cases"] if c["backend"] == "radix"]
    only_cub["cases"] = [c for c in doc["cases"] if c["backend"] == "cub-radix"]
    files = [load_result(write(only_radix, tmp_path / "radix-grid.json")),
             load_result(write(only_cub, tmp_path / "radix-grid.big-u8.json"))]
    grids = plot.ratio_grids(files)
    assert all(not g.cells for g in grids)


def test_sub_runs_of_a_part_form_one_heat_map(tmp_path):
    """sweep.sh's sub-run files (<part>.<sub>.json) fill one grid, each ratio from its own file; another part's
    file gets its own grid."""
    main = grid_doc(ns=(1000, 10 ** 8))
    big = grid_doc(ns=(10 ** 9,), types=("u64",), ratio=lambda *_: 1.25)
    xl = grid_doc(ns=(2 ** 32 + 17,), types=("u32",), values=("none", "u32"), ratio=lambda *_: 0.9)
    other = grid_doc(ns=(10 ** 8,), ratio=lambda *_: 3.0)
    files = [load_result(write(d, tmp_path / name)) for d, name in
             ((big, "radix-grid.big-u64.json"), (main, "radix-grid.json"), (xl, "radix-grid.xl-u32.json"),
              (other, "radix-types.json"))]
    grids = {g.part: g for g in plot.ratio_grids(files)}
    assert set(grids) == {"radix-grid", "radix-types"}
    grid = grids["radix-grid"]
    assert grid.ns == [1000, 10 ** 8, 10 ** 9, 2 ** 32 + 17]
    assert grid.ratio("u64", "u32", 10 ** 9) == pytest.approx(1.25)
    assert grid.ratio("u32", "u32", 2 ** 32 + 17) == pytest.approx(0.9)
    assert grid.ratio("u32", "u32", 10 ** 8) == pytest.approx(2.0)  # not radix-types' 3.0
    assert grid.cells[("u32", "u32", 2 ** 32 + 17)].result.path.endswith("radix-grid.xl-u32.json")
    assert grid.missing[("u8", "none", 10 ** 9)][0] == "not run"
    assert grid.drawable() and not grids["radix-types"].drawable()  # one n: no heat map
    assert plot.n_label(2 ** 32 + 17) == "2^32+17" and plot.n_label(10 ** 9) == "1e9" and plot.n_label(4864) == "4864"


def test_one_backend_or_one_row_gets_no_heat_map(tmp_path):
    out = tmp_path / "charts"
    only = write(grid_doc(backends=("radix",)), tmp_path / "a.json")
    one_row = write(grid_doc(types=("u32",), values=("none",)), tmp_path / "b.json")
    for path in (only, one_row):
        assert run_main("plot", plot.main, [path, "--out", str(out), "--format", "png"]) == 0
        assert not list(out.glob("ratio_*"))


def test_ratio_pair_option(tmp_path, capsys):
    doc = grid_doc()
    for c in doc["cases"]:
        if c["backend"] == "cub-radix":
            c["backend"] = "radix-lsd"
    path = write(doc, tmp_path / "pair.json")
    out = tmp_path / "charts"
    assert run_main("plot", plot.main, [path, "--out", str(out), "--format", "png", "--charts", "ratio"]) == 0
    assert not list(out.glob("ratio_*"))  # default pair radix,cub-radix: not in this file
    assert run_main("plot", plot.main, [path, "--out", str(out), "--format", "png", "--charts", "ratio",
                                        "--ratio-pair", "radix,radix-lsd"]) == 0
    assert [p.name for p in out.glob("ratio_*")] == ["ratio_radix-lsd-over-radix_pair_asc_uniform.png"]
    with pytest.raises(SystemExit) as bad:
        run_main("plot", plot.main, [path, "--out", str(out), "--ratio-pair", "radix"])
    assert bad.value.code == 2
    capsys.readouterr()


def test_mixed_in_core_and_out_of_core_is_not_a_ratio(tmp_path):
    doc = grid_doc()
    case = _case(doc, "radix", "u32", "u32", 10 ** 8)
    from test_schema_out_of_core import _doc
    case["out_of_core"] = copy.deepcopy(_doc()[0]["cases"][0]["out_of_core"])
    path = write(doc, tmp_path / "radix-grid.json")
    grid = _grid(path)
    assert grid.ratio("u32", "u32", 10 ** 8) is None
    assert grid.missing[("u32", "u32", 10 ** 8)][0] == "mixed"


def test_synthetic_run_passes_the_schema(tmp_path):
    doc = grid_doc()
    assert len(load_result(write(doc, tmp_path / "r.json")).cases) == 2 * len(TYPES) * len(VALUES) * len(NS)
    json.dumps(doc)


def test_one_size_over_distributions_is_a_heat_map_by_distribution(tmp_path, monkeypatch):
    """A part run at one n over two or more distributions (sweep parts radix-dist-*): one heat map per order over
    distribution columns, in the tool's order; each ratio still from one file and one input."""
    docs = []
    dists = ("zipf", "uniform", "few-unique")
    for dist in dists:
        doc = grid_doc(ns=(10 ** 8,), types=("u32", "f64"), values=("none",),
                       ratio=lambda kt, vals, n, d=dist: 0.9 if (kt, d) == ("u32", "zipf") else 1.5)
        for c in doc["cases"]:
            c["distribution"] = dist
        docs.append(doc)
    doc = docs[0]
    doc["cases"] = [c for d in docs for c in d["cases"]]
    path = write(doc, tmp_path / "radix-dist.small.json")
    (grid,) = plot.ratio_grids([load_result(path)])
    assert grid.by_distribution and grid.n == 10 ** 8
    assert grid.columns == ["uniform", "few-unique", "zipf"]  # the tool's order, not the file's
    assert grid.rows == [("u32", "none"), ("f64", "none")]
    assert grid.ratio("u32", "none", "zipf") == pytest.approx(0.9)
    assert grid.ratio("f64", "none", "zipf") == pytest.approx(1.5)
    assert not grid.missing and grid.drawable()
    stems = []
    real_save = plot.Writer.save

    def save(self, fig, kind, title, stem):
        stems.append((kind, stem, fig.axes[0].get_xlabel()))
        real_save(self, fig, kind, title, stem)

    monkeypatch.setattr(plot.Writer, "save", save)
    out = tmp_path / "charts"
    assert run_main("plot", plot.main, [path, "--out", str(out), "--format", "png", "--charts", "ratio"]) == 0
    assert stems == [("ratio", "ratio_cub-radix-over-radix_radix-dist_asc_n1e8", "distribution")]
    table = (out / "index.md").read_text().split("## Ratio tables")[1]
    assert "| keys + values | uniform | few-unique | zipf |" in table
    assert "| u32 | 1.50 | 1.50 | 0.90 |" in table


def test_a_loss_never_reads_as_a_tie():
    """Two decimals, but a ratio just below 1 keeps three: 0.996 is not written 1.00."""
    cell = plot.RatioCell(0.996, None, False)
    assert plot._ratio_text(cell) == "0.996"
    assert plot._ratio_text(plot.RatioCell(0.9996, None, False)) == "0.999"
    assert plot._ratio_text(plot.RatioCell(1.004, None, False)) == "1.00"
    assert plot._ratio_text(plot.RatioCell(0.987, None, False)) == "0.99"
    assert plot._ratio_text(plot.RatioCell(2.0, None, True)) == "2.00\u2020"


def test_a_title_counts_many_builds_and_the_index_lists_them(tmp_path, monkeypatch):
    """A heat map drawn from many builds' files counts them in its title (the index lists each): the title of a grid
    from 45 sessions' files had made its PNG 13,900 pixels wide."""
    files = []
    for i in range(plot.TITLE_BUILDS_MOST + 2):
        doc = grid_doc(ns=(1000 * (i + 1), 10 ** 8 + i))
        doc["meta"]["git_sha"] = f"{i:07x}" + "0" * 33
        files.append(str(write(doc, tmp_path / f"radix-grid.b{i}.json")))
    titles = []
    real_save = plot.Writer.save

    def save(self, fig, kind, title, stem):
        titles.append((kind, fig.axes[0].get_title()))
        real_save(self, fig, kind, title, stem)

    monkeypatch.setattr(plot.Writer, "save", save)
    out = tmp_path / "charts"
    assert run_main("plot", plot.main, [*files, "--out", str(out), "--charts", "ratio", "--format", "png"]) == 0
    (title,) = [t for kind, t in titles if kind == "ratio"]
    assert f"{plot.TITLE_BUILDS_MOST + 2} builds (listed in index.md)" in title
    assert "0000000" not in title
    index = (out / "index.md").read_text()
    for i in range(plot.TITLE_BUILDS_MOST + 2):
        assert f"{i:07x}" in index
    # a few builds are still named in the title
    few = [files[0], files[1]]
    titles.clear()
    assert run_main("plot", plot.main, [*few, "--out", str(tmp_path / "few"), "--charts", "ratio",
                                        "--format", "png"]) == 0
    (title,) = [t for kind, t in titles if kind == "ratio"]
    assert "0000000" in title and "0000001" in title and "builds (listed" not in title
