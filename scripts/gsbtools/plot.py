"""`scripts/plot RESULT.json...`: throughput, time, speed-up, distribution, end-to-end, out-of-core charts and
ratio heat maps of two back-ends.

One chart per key type / value mode / order / distribution for the n sweeps; bar charts at one fixed n.
Every chart carries the device, the run date(s) and the tool version; each back-end has one fixed colour,
marker and line style in every chart of every invocation (BACKENDS, in the tool's registry order); error bars
span the repetitions' samples (min to max); ratios are only taken between cases of one run.
"""

import argparse
import hashlib
import io
import math
import re
from fractions import Fraction
import sys
from collections import defaultdict
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only; no display on CI or the GPU machine
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.colors import Normalize  # noqa: E402
from matplotlib.patches import Patch, Rectangle  # noqa: E402

from .cli import EXIT_OK, BadInput, run_main  # noqa: E402
from .outputs import check_replaceable, write_output  # noqa: E402
from .results import METRICS, CaseKey, load_result, metric_stats  # noqa: E402

SPEEDUP_REFERENCES = ("std-sort", "cub-radix")
CHART_KINDS = ("throughput", "time", "speedup", "distributions", "bandwidth", "breakdown", "out-of-core",
               "multi-gpu", "ratio")
RATIO_PAIR = ("radix", "cub-radix")  # (A, B) of the ratio heat maps: B's median / A's median, > 1: A faster
KEY_TYPES = ("u8", "u16", "u32", "u64", "i32", "i64", "f32", "f64")  # the tool's order (rows of the heat maps)
DISTRIBUTIONS = ("uniform", "sorted", "reverse", "nearly-sorted", "few-unique", "all-equal", "entropy-0.811",
                 "entropy-0.544", "entropy-0.337", "entropy-0.201", "zipf")  # the tool's order (--dist)
VALUE_MODES = ("none", "u32", "u64")
FORMATS = ("png", "svg")
MANIFEST = "charts.txt"  # in the output folder: the files the last run wrote, so that the next removes stale ones
# How to tell plot's own list and index from other files of those names (outputs.py), and their names in messages.
MANIFEST_FORM = (lambda head, whole: all(re.fullmatch(rb"[^/\s]+\.(png|svg|pdf)", line) for line in head.split()),
                 f"plot's list of charts ({MANIFEST})")
INDEX_TITLE = "# Charts"
INDEX_FORM = (lambda head, whole: head.startswith(INDEX_TITLE.encode() + b"\n"), "plot's index of charts")
ERROR_BARS = "error bars: min to max of the repetitions (samples_ms)"
# The tool's back-ends in registry order (family, then name: `gpusort-bench --list`). Each gets a fixed style:
# 13 colours x 3 marker/line-style sets = 39 distinct pairs; a name not listed gets one from a hash of it.
BACKENDS = ("cub-merge", "cub-radix", "std-sort", "std-sort-par", "thrust",
            "merge-cdp", "merge-iterative", "merge-recursive", "merge-samples",
            "sample-multi",
            "bitonic", "odd-even-merge",
            "radix", "radix-coarse", "radix-lsd", "radix-multibit", "radix-multibit-r1", "radix-multibit-r2",
            "radix-multibit-r3", "radix-multibit-r4", "radix-multibit-r5", "radix-multibit-r6", "radix-multibit-r7",
            "radix-multibit-r8", "radix-naive", "radix-shared")
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
           "#17becf", "#000000", "#b8860b", "#4b0082")
MARKER_SETS = (("o", "-", ""), ("s", "--", "////"), ("^", ":", "...."))  # marker, line style, bar hatch
STYLES = len(COLOURS) * len(MARKER_SETS)
DEVICE_COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52")  # cross-device bars, one per device
PHASE_COLOURS = {"h2d": "#c8c8c8", "d2h": "#6e6e6e", "partition": "#7fa7d1"}
MULTI_PHASES = (("splitters", "#f2c14e"), ("partition", "#f78154"), ("sort", "#4d9078"))  # multi-GPU timeline

matplotlib.rcParams.update({
    "svg.fonttype": "none",        # text stays text in SVG: smaller, searchable files
    "svg.hashsalt": "gpusort-bench",  # stable ids, so re-plotting the same data gives the same SVG
    "axes.grid": True,
    "grid.alpha": 0.3,
    "figure.dpi": 100,
})


def style_index(backend):
    """The fixed style slot of a back-end: its place in BACKENDS, else one of the slots after them from a hash
    of the name (the same in every invocation, unlike Python's hash())."""
    if backend in BACKENDS:
        return BACKENDS.index(backend)
    spare = STYLES - len(BACKENDS)
    return len(BACKENDS) + int(hashlib.sha1(backend.encode()).hexdigest(), 16) % spare


class Palette:
    """One fixed colour, marker and line style per back-end name, the same in every chart and invocation."""

    def __init__(self, backends=()):
        self.backends = sorted(set(backends))

    @staticmethod
    def colour(backend):
        return COLOURS[style_index(backend) % len(COLOURS)]

    @staticmethod
    def marker(backend):
        return MARKER_SETS[style_index(backend) // len(COLOURS) % len(MARKER_SETS)][0]

    @staticmethod
    def linestyle(backend):
        return MARKER_SETS[style_index(backend) // len(COLOURS) % len(MARKER_SETS)][1]

    @staticmethod
    def hatch(backend):
        """Bars have no markers: back-ends that share a colour differ by hatching."""
        return MARKER_SETS[style_index(backend) // len(COLOURS) % len(MARKER_SETS)][2]


MAX_N = 2 ** 48  # the tool's limit on n (src/driver/sizes.cpp)
SIZE_SUFFIXES = {"Ki": 2 ** 10, "Mi": 2 ** 20, "Gi": 2 ** 30, "Ti": 2 ** 40,
                 "k": 10 ** 3, "K": 10 ** 3, "M": 10 ** 6, "G": 10 ** 9, "T": 10 ** 12}
SIZE_RE = re.compile(r"(\d+(?:\.\d*)?|\.\d+)(?:([eE^])(\d+)|(Ki|Mi|Gi|Ti|k|K|M|G|T))?")
SIZE_EXAMPLES = "e.g. 100000000, 1e8, 2^27, 64Ki, 1Mi, 1k, 1M"


def parse_n(text):
    """One size in the grammar of the tool's --n: 100000000, 1e8, 2.5e6, 2^27, 64Ki/1Mi/1Gi/1Ti (powers of 2),
    1k/1M/1G/1T (powers of 10) -> int. Anything else (inf, nan, 0, -5, 1.5, 2^49, 1x) is refused."""
    m = SIZE_RE.fullmatch(text.strip())
    if not m:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size ({SIZE_EXAMPLES})")
    mant, op, exp, suffix = m.groups()
    if exp is not None and len(exp.lstrip("0")) > 3:
        raise argparse.ArgumentTypeError(f"'{text}' is too large (limit 2^48)")
    if op == "^" and "." in mant:
        raise argparse.ArgumentTypeError(f"'{text}' is malformed (2^K takes a whole base)")
    value = Fraction(mant)
    if op == "^":
        value = value ** int(exp) if value <= 2 ** 48 else Fraction(MAX_N + 1)
    elif op:
        value *= 10 ** int(exp)
    elif suffix:
        value *= SIZE_SUFFIXES[suffix]
    if value < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size >= 1")
    if value > MAX_N:
        raise argparse.ArgumentTypeError(f"'{text}' is too large (limit 2^48)")
    if value.denominator != 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number of elements")
    return int(value)


def parse_formats(text):
    formats = [f.strip().lower() for f in text.split(",") if f.strip()]
    bad = [f for f in formats if f not in FORMATS]
    if bad or not formats:
        raise argparse.ArgumentTypeError(f"'{text}': formats are a comma-separated subset of {','.join(FORMATS)}")
    return formats


def parse_kinds(text):
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    bad = [k for k in kinds if k not in CHART_KINDS]
    if bad or not kinds:
        raise argparse.ArgumentTypeError(f"'{text}': chart kinds are a comma-separated subset of "
                                         f"{','.join(CHART_KINDS)}")
    return kinds


def parse_pair(text):
    """'radix,cub-radix' -> ('radix', 'cub-radix'): two different back-end names."""
    names = [t.strip() for t in text.split(",")]
    if len(names) != 2 or not all(names) or names[0] == names[1]:
        raise argparse.ArgumentTypeError(f"'{text}' is not two different back-ends A,B (e.g. radix,cub-radix)")
    return tuple(names)


def slug(*parts):
    return "_".join(re.sub(r"[^A-Za-z0-9.+-]+", "-", str(p)).strip("-") for p in parts)


def problem_title(key_type, values, order):
    v = "keys only" if values == "none" else f"{values} values"
    return f"{key_type} keys, {v}, {'ascending' if order == 'asc' else 'descending'}"


# Medians the charts can draw: beyond these, rates and stacked bars overflow a double or the axis ticks (a
# picosecond to 30 years; a result file that passes the schema may still hold 1e308).
DRAWABLE_MS = (1e-9, 1e12)


def _undrawable_median(case, stats):
    """The first median the charts would draw that lies outside DRAWABLE_MS, as 'name 1e+308 ms', or None."""
    medians = [("median", stats["median_ms"])]
    e2e = case.get("end_to_end")
    if e2e is not None:
        medians += [(f"end-to-end {part} median", e2e[part]["median_ms"]) for part in ("h2d_ms", "sort_ms", "d2h_ms",
                                                                                        "total_ms")]
    low, high = DRAWABLE_MS
    for name, ms in medians:
        if ms > high or (name == "median" and ms < low):
            return f"{name} {ms:g} ms"
    return None


def left_out_reason(case, stats, metric):
    """Why a case gets no point in the charts, as (kind, why): kind is its status, or 'untimed' for an ok case
    without a usable time; ('failed', 'failed: validation failed: ...'). None when it gets a point."""
    if case["status"] != "ok":
        return case["status"], f"{case['status']}: {case.get('reason') or 'no reason given'}"
    if stats is None:
        return "untimed", f"no '{metric}' timing"
    if stats["median_ms"] <= 0:  # below the clock's resolution: no rate to draw
        return "untimed", "zero median time (below the clock's resolution)"
    undrawable = _undrawable_median(case, stats)
    if undrawable:
        return "untimed", f"{undrawable} is outside what a chart can draw ({DRAWABLE_MS[0]:g} to {DRAWABLE_MS[1]:g} ms)"
    return None


class Dataset:
    """The ok cases of all input files, merged (a later file's case replaces an earlier one's); the cases that
    get no point (not ok, or without a usable time) are kept in left_out, to be reported."""

    def __init__(self, results, metric):
        labels = sorted({r.device_label for r in results})
        if len(labels) > 1:
            raise BadInput("files come from different devices (" + "; ".join(labels) +
                           "): plot each device's files separately")
        self.results = results
        self.metric = metric
        self.points = {}  # CaseKey -> (median_ms, metric used, case)
        self.stats = {}  # CaseKey -> the stats object of the point (samples_ms for the error bars)
        self.origin = {}  # CaseKey -> the ResultFile the point comes from
        self.e2e = {}  # CaseKey -> end_to_end of the last file that has one (a later run without it keeps it)
        self.e2e_origin = {}  # CaseKey -> the ResultFile of that end_to_end
        self.left_out = {}  # CaseKey -> (kind, why, path): cases in no chart
        self.metrics_used = set()
        self.distributions = []  # in order of first appearance (the tool's order)
        for r in results:
            for key, case in r.by_key.items():
                if key.distribution not in self.distributions:
                    self.distributions.append(key.distribution)
                self._add(key, case, r)
        if not self.points:
            raise BadInput(", ".join(r.path for r in results) + f": no ok case has a '{metric}' timing to plot")
        self.palette = Palette(k.backend for k in self.points)

    def _add(self, key, case, result):
        path = result.path
        stats = metric_stats(case, self.metric)
        reason = left_out_reason(case, stats, self.metric)
        if reason:
            if key in self.points:
                print(f"plot: note: {key.label()} from {path} is left out ({reason[1]}); an earlier file's run "
                      "stays in the charts", file=sys.stderr)
            else:
                self.left_out[key] = (*reason, path)
            return
        used = "sort" if stats is case.get("timing") else "total"
        if key in self.points or key in self.left_out:
            print(f"plot: note: {key.label()} from {path} replaces an earlier file's", file=sys.stderr)
        self.left_out.pop(key, None)
        self.points[key] = (stats["median_ms"], used, case)
        self.stats[key] = stats
        self.origin[key] = result
        if case.get("end_to_end") is not None and not case.get("out_of_core"):
            self.e2e[key] = case["end_to_end"]
            self.e2e_origin[key] = result

    def run_cases(self, result, group):
        """{backend: {n: stats}} of one file's drawable in-core cases of a (key type, values, order,
        distribution) group: the cases a ratio may be taken between (one run: one file, timestamp and commit)."""
        out = defaultdict(dict)
        for key, case in result.by_key.items():
            if (key.key_type, key.values, key.order, key.distribution) != group or case.get("out_of_core"):
                continue
            stats = metric_stats(case, self.metric)
            if left_out_reason(case, stats, self.metric) is None:
                out[key.backend][key.n] = stats
        return out

    def sources(self, keys, origin=None):
        """'merge.json (2026-11-23, 74288de); ...': the runs the given points come from."""
        origin = self.origin if origin is None else origin
        runs = sorted({origin[k].path for k in keys if k in origin})
        by_path = {r.path: r for r in self.results}
        return "; ".join(run_label(by_path[path]) for path in runs)

    def left_out_summary(self):
        """One line per back-end with cases left out: 'radix: 3 case(s) left out (2 failed, 1 skipped)'."""
        kinds = defaultdict(lambda: defaultdict(int))
        for key, (kind, _, _) in self.left_out.items():
            kinds[key.backend][kind] += 1
        return [f"{backend}: {sum(counts.values())} case(s) left out of the charts ("
                + ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items())) + ")"
                for backend, counts in sorted(kinds.items())]

    def subtitle(self):
        devices = self.results[0].device_label
        date = run_dates(self.results)
        labels = sorted({r.version_label for r in self.results})
        # "tool 0.1.0 (a)", "tool 0.1.0 (b)" -> "tool 0.1.0 (a, b)": one line that fits above the plot
        stems = {label.rsplit(" (", 1)[0] for label in labels}
        if len(labels) > 1 and len(stems) == 1 and all(label.endswith(")") and " (" in label for label in labels):
            versions = f"{stems.pop()} (" + ", ".join(label.rsplit(" (", 1)[1][:-1] for label in labels) + ")"
        else:
            versions = ", ".join(labels)
        return f"{devices} · {date} · {versions}"

    def time_label_for_metric(self):
        return {"auto": "the sort alone where measured, else end to end", "sort": "the sort alone",
                "total": "end to end"}[self.metric]

    def time_label(self, keys):
        used = {self.points[k][1] for k in keys}
        if used == {"sort"}:
            return "median sort time (ms)"
        if used == {"total"}:
            return "median end-to-end time (ms)"
        return "median time (ms): sort alone, end-to-end where no sort time"

    def sweeps(self):
        """(key_type, values, order, distribution) -> {backend: [(n, median_ms)] sorted by n}, in-core cases only."""
        groups = defaultdict(lambda: defaultdict(list))
        for key, (ms, _, case) in self.points.items():
            if case.get("out_of_core"):
                continue  # host clock, host link included: its own chart, not a point on an in-core line
            groups[(key.key_type, key.values, key.order, key.distribution)][key.backend].append((key.n, ms))
        for series in groups.values():
            for pts in series.values():
                pts.sort()
        return dict(sorted(groups.items(), key=lambda kv: (kv[0][:3], self.distributions.index(kv[0][3]))))

    def problems(self):
        return sorted({(k.key_type, k.values, k.order) for k in self.points})

    def fixed_n(self, problem, requested=None):
        """The n for bar charts: the requested one, else the largest n among those with the most cases."""
        ns = defaultdict(int)
        for k in self.points:
            if (k.key_type, k.values, k.order) == problem:
                ns[k.n] += 1
        if requested is not None:
            return requested if requested in ns else None
        return max(ns, key=lambda n: (ns[n], n)) if ns else None


class Writer:
    def __init__(self, out_dir, formats):
        self.out_dir = Path(out_dir)
        self.formats = formats
        self.written = []  # (kind, title, stem)
        self.ratio_tables = []  # (title, markdown lines): the numbers of each ratio heat map, for index.md
        self.ratio_left_out = []  # (title, lines): the cells of each heat map without a ratio, and why
        try:
            self.out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise BadInput(f"--out {out_dir}: cannot create ({e.strerror})") from None
        # The charts an earlier run listed: the only chart files plot replaces (outputs.py), besides empty ones.
        manifest = self.out_dir / MANIFEST
        check_replaceable("--out", manifest, *MANIFEST_FORM)
        check_replaceable("--out", self.out_dir / "index.md", *INDEX_FORM)
        self.before = set(manifest.read_text(encoding="utf-8").split()) if manifest.is_file() else set()

    def save(self, fig, kind, title, stem):
        _place_footnote(fig)
        for fmt in self.formats:
            kwargs = {"dpi": 120} if fmt == "png" else {"metadata": {"Date": None}}
            name = f"{stem}.{fmt}"
            image = io.BytesIO()
            fig.savefig(image, format=fmt, bbox_inches="tight", **kwargs)
            write_output("--out", self.out_dir / name, image.getvalue(), lambda head, whole: name in self.before,
                         f"a chart that plot listed in {MANIFEST}")
        plt.close(fig)
        self.written.append((kind, title, stem))
        # Listed at once, so that a run stopped later (a refused file) leaves every chart it wrote known as plot's.
        self._write_manifest(self.before | set(self.files()))

    def _write_manifest(self, names):
        write_output("--out", self.out_dir / MANIFEST, "".join(f"{name}\n" for name in sorted(names)),
                     *MANIFEST_FORM)

    def files(self):
        return sorted(f"{stem}.{fmt}" for _, _, stem in self.written for fmt in self.formats)

    def clean_stale(self):
        """Remove the charts that the previous run listed in MANIFEST and this one did not write; name (not
        remove) other chart files in the folder that no run of plot wrote. Then write this run's MANIFEST."""
        now = set(self.files())
        before = self.before
        removed = sorted(f for f in before - now if "/" not in f and (self.out_dir / f).is_file())
        for name in removed:
            (self.out_dir / name).unlink()
        if removed:
            print(f"plot: removed {len(removed)} stale chart(s) of an earlier run: {', '.join(removed)}",
                  file=sys.stderr)
        foreign = sorted(f.name for f in self.out_dir.iterdir()
                         if f.suffix.lstrip(".") in FORMATS and f.name not in now and f.name not in before)
        if foreign:
            print(f"plot: note: {len(foreign)} chart file(s) in {self.out_dir} not written by plot, left in place: "
                  f"{', '.join(foreign)}", file=sys.stderr)
        self._write_manifest(now)

    def write_index(self, subtitle, left_out=None):
        """index.md: a link to every chart under its kind's heading, then the cases left out and why."""
        kinds = {"throughput": "Throughput against n", "time": "Time against n",
                 "speedup-vs-std-sort": "Speed-up over std-sort", "speedup-vs-cub-radix": "Speed-up over cub-radix",
                 "distributions": "Across distributions at a fixed n",
                 "bandwidth": "Share of the copy bandwidth at a fixed n",
                 "devices": "Across devices (ratios between runs)",
                 "breakdown": "End-to-end breakdown", "out-of-core": "Out-of-core timelines",
                 "multi-gpu": "Multi-GPU phases",
                 "ratio": "Ratio heat maps of two back-ends (each ratio from one run, same input)"}
        lines = [INDEX_TITLE, "", subtitle, ""]
        ext = "png" if "png" in self.formats else self.formats[0]
        for kind, heading in kinds.items():
            entries = [(t, s) for k, t, s in self.written if k == kind]
            if entries:
                lines += [f"## {heading}", ""] + [f"- [{t}]({s}.{ext})" for t, s in entries] + [""]
        if self.ratio_tables:
            lines += ["## Ratio tables", ""]
            for title, table in self.ratio_tables:
                lines += [f"### {title}", ""] + table + [""]
        if self.ratio_left_out:
            lines += ["## Cells left out of the ratio heat maps", "", "No ratio: one of the two cases did not run "
                      "cleanly, has no usable time, is not in the run, or neither back-end ran it.", ""]
            for title, cells in self.ratio_left_out:
                lines += [f"### {title}", ""] + [f"- {_one_line(c)}" for c in cells] + [""]
        if left_out:
            lines += ["## Cases left out", "", "Not in any chart: the case did not run cleanly, or has no usable "
                      "time for the chosen metric.", ""]
            lines += [f"- {key.label()} ({path}): {_one_line(why)}"
                      for key, (_, why, path) in sorted(left_out.items(), key=lambda kv: kv[0].label())] + [""]
        write_output("--out", self.out_dir / "index.md", "\n".join(lines), *INDEX_FORM)


def _one_line(text):
    return " ".join(text.split())


def run_stamp(result):
    """'2026-11-23, 74288de': the date and commit of a run."""
    sha = result.meta.get("git_sha")
    return f"{result.date}{', ' + sha[:7] if sha else ''}"


def run_label(result):
    """'merge.json (2026-11-23, 74288de)': which run a number comes from."""
    return f"{Path(result.path).name} ({run_stamp(result)})"


def run_dates(results):
    """'2026-11-23', or '2026-11-22 to 2026-11-23': the dates of the runs."""
    dates = sorted({r.date for r in results})
    return dates[0] if len(dates) == 1 else f"{dates[0]} to {dates[-1]}"


def sample_range(stats):
    """(min, max) of the samples."""
    samples = stats["samples_ms"]
    return min(samples), max(samples)


def _new_axes(title, subtitle, figsize=(8, 5)):
    fig, ax = plt.subplots(figsize=figsize)
    ax.set_title(f"{title}\n{subtitle}", fontsize=10)
    return fig, ax


LEGEND_ROWS = 18  # entries per legend column: a taller legend would reach below a 5-inch chart


def _legend(ax, handles=None, **kwargs):
    """The legend outside the plot, right of it, its top level with the axes' top: never over the title or
    the data. Long legends get more columns."""
    if handles is None:
        handles = ax.get_legend_handles_labels()[0]
    if not handles:
        return
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0, fontsize=8,
              frameon=False, ncol=math.ceil(len(handles) / LEGEND_ROWS), **kwargs)


def _footnote(ax, *lines):
    """Small print under the chart (placed by Writer.save below everything the axes draw, tick labels
    included): how to read the error bars, where the numbers come from."""
    ax.figure._gsb_footnote = (ax, "\n".join(_wrap(line) for line in lines if line))


def _place_footnote(fig):
    """Put the footnote of _footnote just below the axes' tight bounding box (rotated tick labels, x label)."""
    ax, text = getattr(fig, "_gsb_footnote", (None, None))
    if ax is None:
        return
    renderer = fig.canvas.get_renderer()
    box = ax.get_tightbbox(renderer, for_layout_only=False)
    legend = ax.get_legend()
    if legend is not None:  # the legend is right of the axes; only its part below the axes counts
        box = ax.get_tightbbox(renderer, bbox_extra_artists=[a for a in ax.get_children() if a is not legend])
    x0 = ax.get_window_extent(renderer).x0
    fx, fy = fig.transFigure.inverted().transform((x0, box.y0 - 4))
    fig.text(fx, fy, text, ha="left", va="top", fontsize=7, color="#444444")


def _wrap(text, width=130):
    words, lines, line = text.split(" "), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\n".join(lines + [line])


def _yerr(values, lows, highs):
    """matplotlib's asymmetric yerr from the values and their ranges."""
    return [[max(v - lo, 0.0) for v, lo in zip(values, lows)], [max(hi - v, 0.0) for v, hi in zip(values, highs)]]


def plot_sweeps(data, writer, kinds=CHART_KINDS):
    for group, series in data.sweeps().items():
        if len({n for pts in series.values() for n, _ in pts}) < 2:
            continue  # one n only: no line to draw (the bar charts show it)
        kt, vals, order, dist = group
        problem = f"{problem_title(kt, vals, order)}, {dist}"
        keys = [CaseKey(b, kt, vals, order, n, dist) for b, pts in series.items() for n, _ in pts]
        tag = slug(f"{kt}-{vals}", order, dist)
        for kind in ("throughput", "time"):
            if kind in kinds:
                _plot_sweep(data, writer, kind, series, keys, problem, tag)
        if "speedup" in kinds:
            for ref in SPEEDUP_REFERENCES:
                _plot_speedup(data, writer, ref, group, problem, tag)


def _plot_sweep(data, writer, kind, series, keys, problem, tag):
    """Throughput or time against n, log-log, one line per back-end, min-max error bars."""
    title = f"{'Throughput' if kind == 'throughput' else 'Time'}: {problem}"
    fig, ax = _new_axes(title, data.subtitle())
    kt, vals, order, _, dist = keys[0].key_type, keys[0].values, keys[0].order, None, keys[0].distribution
    for backend in sorted(series, key=style_index):
        ns, ys, lows, highs = [], [], [], []
        for n, ms in series[backend]:
            lo, hi = sample_range(data.stats[CaseKey(backend, kt, vals, order, n, dist)])
            ns.append(n)
            if kind == "throughput":
                ys.append(n / (ms / 1e3))
                lows.append(n / (hi / 1e3))
                highs.append(n / (lo / 1e3))
            else:
                ys.append(ms)
                lows.append(lo)
                highs.append(hi)
        ax.errorbar(ns, ys, yerr=_yerr(ys, lows, highs), marker=Palette.marker(backend),
                    color=Palette.colour(backend), linestyle=Palette.linestyle(backend), capsize=2,
                    markersize=4, linewidth=1.2, label=backend)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("n (keys)")
    ax.set_ylabel("keys/s (n / median time)" if kind == "throughput" else data.time_label(keys))
    _legend(ax)
    _footnote(ax, f"Medians; {ERROR_BARS}.", f"From: {data.sources(keys)}.")
    writer.save(fig, kind, title, f"{kind}_{tag}")


def _ratio_points(ref_runs, runs):
    """[(n, median ratio, low, high)]: ref median / median, and the extremes over the samples (ref min / max
    of the other, ref max / min of the other), at the n both were run."""
    pts = []
    for n, stats in sorted(runs.items()):
        ref = ref_runs.get(n)
        if ref is None or stats["median_ms"] <= 0:
            continue
        (rlo, rhi), (lo, hi) = sample_range(ref), sample_range(stats)
        pts.append((n, ref["median_ms"] / stats["median_ms"], rlo / hi, rhi / lo))
    return pts


def _plot_speedup(data, writer, ref, group, problem, tag):
    """Speed-up over ref, one chart per run (file) that measured ref and another back-end at two or more n:
    within that run, ref's time / each back-end's time at the same n. Ratios never mix runs; when several runs
    qualify, each chart's title and file name say which run it is."""
    runs = []
    for result in data.results:
        cases = data.run_cases(result, group)
        if ref in cases and len(cases) > 1 and len(cases[ref]) > 1:
            runs.append((result, cases))
    for result, cases in runs:
        stem = Path(result.path).stem
        title = f"Speed-up over {ref}: {problem}" + (f" (run {stem})" if len(runs) > 1 else "")
        fig, ax = _new_axes(title, f"{result.device_label} · {run_label(result)} · {result.version_label}")
        ax.axhline(1.0, color=Palette.colour(ref), linestyle="--", linewidth=1, label=f"{ref} (= 1)")
        for backend in sorted(cases, key=style_index):
            pts = _ratio_points(cases[ref], cases[backend]) if backend != ref else []
            if pts:
                ns, ys, lows, highs = zip(*pts)
                ax.errorbar(ns, ys, yerr=_yerr(ys, lows, highs), marker=Palette.marker(backend),
                            color=Palette.colour(backend), linestyle=Palette.linestyle(backend), capsize=2,
                            markersize=4, linewidth=1.2, label=backend)
        ax.set_xscale("log")
        ax.set_ylim(bottom=0)
        ax.set_xlabel("n (keys)")
        ax.set_ylabel(f"speed-up over {ref} (median time ratio)")
        _legend(ax)
        _footnote(ax, f"Ratios only within one run: {run_label(result)} (one file, timestamp and commit).",
                  f"Error bars: the extreme ratios over the repetitions ({ref} min / back-end max to {ref} max / "
                  "back-end min).")
        suffix = f"_{slug(stem)}" if len(runs) > 1 else ""
        writer.save(fig, f"speedup-vs-{ref}", title, f"speedup-vs-{ref}_{tag}{suffix}")


def _grouped_bars(ax, groups, backends, value_of, width_total=0.8):
    """Bars per back-end inside each group on the x axis, packed: a group holds only the back-ends that have a
    value there; value_of(backend, group) -> (y, low, high) or None."""
    values = {(b, g): value_of(b, g) for b in backends for g in groups}
    slots = {g: [b for b in backends if values[(b, g)]] for g in groups}
    for backend in backends:
        xs, ws, ys, lows, highs = [], [], [], [], []
        for j, g in enumerate(groups):
            v = values[(backend, g)]
            if v:
                width = width_total / len(slots[g])
                xs.append(j - width_total / 2 + width * (slots[g].index(backend) + 0.5))
                ws.append(width)
                ys.append(v[0])
                lows.append(v[1])
                highs.append(v[2])
        if xs:
            ax.bar(xs, ys, ws, color=Palette.colour(backend), label=backend, edgecolor="black", linewidth=0.3,
                   hatch=Palette.hatch(backend),
                   yerr=_yerr(ys, lows, highs), error_kw={"elinewidth": 0.8, "capsize": 1.5})
    ax.set_xticks(range(len(groups)))
    ax.grid(axis="x", visible=False)


def _throughput_range(n, stats):
    lo, hi = sample_range(stats)
    return n / (stats["median_ms"] / 1e3), n / (hi / 1e3), n / (lo / 1e3)


def plot_distributions(data, writer, requested_n):
    for problem in data.problems():
        n = data.fixed_n(problem, requested_n)
        if n is None:
            print(f"plot: note: no case with n={requested_n} for {problem_title(*problem)}", file=sys.stderr)
            continue
        keys = [k for k in data.points if (k.key_type, k.values, k.order) == problem and k.n == n]
        dists = [d for d in data.distributions if any(k.distribution == d for k in keys)]
        backends = sorted({k.backend for k in keys}, key=style_index)
        title = f"Throughput across distributions at n={n:,}: {problem_title(*problem)}"
        fig, ax = _new_axes(title, data.subtitle(), figsize=(max(8, 1.2 * len(dists) + 3), 5))

        def value_of(backend, d):
            key = CaseKey(backend, *problem, n, d)
            return _throughput_range(n, data.stats[key]) if key in data.points else None

        _grouped_bars(ax, dists, backends, value_of)
        ax.set_xticklabels(dists, rotation=30 if len(dists) > 4 else 0, ha="right" if len(dists) > 4 else "center")
        ax.set_ylabel("keys/s (n / median time, linear)")
        _legend(ax)
        _footnote(ax, f"Medians; {ERROR_BARS}.", f"From: {data.sources(keys)}.")
        writer.save(fig, "distributions", title, f"distributions_{slug(f'{problem[0]}-{problem[1]}', problem[2])}_n{n}")


def _kv_label(key_type, values):
    """'u32' (keys only) or 'u32+u64': key type and value mode."""
    return key_type if values == "none" else f"{key_type}+{values}"


def _problem_label(key_type, values, order):
    kv = _kv_label(key_type, values)
    return kv if order == "asc" else f"{kv} desc"


def plot_bandwidth(data, writer, requested_n):
    """Per distribution at one n: each back-end's share of the device's measured copy bandwidth
    (throughput.fraction_of_copy_bandwidth), across key types and value modes."""
    by_dist = defaultdict(lambda: defaultdict(int))
    for key, (_, used, case) in data.points.items():
        tp = case.get("throughput")
        if used == "sort" and tp and tp.get("fraction_of_copy_bandwidth") is not None and not case.get("out_of_core"):
            by_dist[key.distribution][key.n] += 1
    for dist in [d for d in data.distributions if d in by_dist]:
        ns = by_dist[dist]
        n = requested_n if requested_n is not None else max(ns, key=lambda m: (ns[m], m))
        if n not in ns:
            continue
        keys = [k for k, (_, used, case) in data.points.items()
                if k.distribution == dist and k.n == n and used == "sort" and not case.get("out_of_core")
                and (case.get("throughput") or {}).get("fraction_of_copy_bandwidth") is not None]
        problems = sorted({(k.key_type, k.values, k.order) for k in keys})
        backends = sorted({k.backend for k in keys}, key=style_index)
        title = f"Share of the copy bandwidth at n={n:,}, {dist}"
        fig, ax = _new_axes(title, data.subtitle(), figsize=(min(16, max(8, 0.6 * len(problems) + 3)), 5))

        def value_of(backend, problem):
            key = CaseKey(backend, *problem, n, dist)
            if key not in keys:
                return None
            stats = data.stats[key]
            pct = 100 * data.points[key][2]["throughput"]["fraction_of_copy_bandwidth"]
            lo, hi = sample_range(stats)
            return pct, pct * stats["median_ms"] / hi, pct * stats["median_ms"] / lo

        _grouped_bars(ax, problems, backends, value_of)
        ax.set_xticklabels([_problem_label(*p) for p in problems], rotation=30 if len(problems) > 6 else 0,
                           ha="right" if len(problems) > 6 else "center")
        ax.set_ylabel("% of the device's copy bandwidth")
        ax.set_xlabel("key type (+ value type)")
        _legend(ax)
        _footnote(ax, "Effective bytes per second of the sort (the tool's effective_GBps) over the device-to-device "
                      f"copy bandwidth measured at the start of the run (device.copy_bandwidth_GBps); {ERROR_BARS}.",
                  f"From: {data.sources(keys)}.")
        writer.save(fig, "bandwidth", title, f"bandwidth_{slug(dist)}_n{n}")


def plot_breakdowns(data, writer, requested_n):
    # From every file's end-to-end cases: a later run of the same case without end-to-end timing (a device-only
    # sweep) replaces its point in the other charts, not its breakdown.
    by_group = defaultdict(dict)  # (kt, values, order, dist) -> {n: {backend: end_to_end}}
    for key, e2e in data.e2e.items():
        group = by_group[(key.key_type, key.values, key.order, key.distribution)]
        group.setdefault(key.n, {})[key.backend] = e2e
    for (kt, vals, order, dist), per_n in sorted(by_group.items()):
        n = requested_n if requested_n is not None else max(per_n, key=lambda m: (len(per_n[m]), m))
        if n not in per_n:
            continue
        rows = per_n[n]
        backends = sorted(rows, key=style_index)
        title = f"End-to-end breakdown at n={n:,}: {problem_title(kt, vals, order)}, {dist}"
        fig, ax = _new_axes(title, data.subtitle(), figsize=(max(6, 0.9 * len(backends) + 3), 5))
        x = range(len(backends))
        h2d = [rows[b]["h2d_ms"]["median_ms"] for b in backends]
        sort = [rows[b]["sort_ms"]["median_ms"] for b in backends]
        d2h = [rows[b]["d2h_ms"]["median_ms"] for b in backends]
        ax.bar(x, h2d, 0.6, color=PHASE_COLOURS["h2d"], edgecolor="black", linewidth=0.4)
        ax.bar(x, sort, 0.6, bottom=h2d, color=[data.palette.colour(b) for b in backends], edgecolor="black",
               linewidth=0.4)
        ax.bar(x, d2h, 0.6, bottom=[a + b for a, b in zip(h2d, sort)], color=PHASE_COLOURS["d2h"],
               edgecolor="black", linewidth=0.4)
        for xi, b in zip(x, backends):
            total = rows[b]["total_ms"]
            lo, hi = sample_range(total)
            top = h2d[xi] + sort[xi] + d2h[xi]
            ax.errorbar([xi], [top], yerr=_yerr([top], [top - (total["median_ms"] - lo)], [top + hi - total["median_ms"]]),
                        color="black", capsize=3, linewidth=0.8)
            ax.annotate(f"{total['median_ms']:.3g} ms", (xi, top + hi - total["median_ms"]), xytext=(0, 2),
                        textcoords="offset points", ha="center", va="bottom", fontsize=7)
        ax.set_xticks(list(x))
        ax.set_xticklabels(backends, rotation=30, ha="right")
        ax.set_ylabel("median time (ms)")
        ax.grid(axis="x", visible=False)
        handles = [Patch(facecolor=PHASE_COLOURS["h2d"], edgecolor="black", label="host-to-device"),
                   Patch(facecolor="white", edgecolor="black", label="sort (back-end colour)"),
                   Patch(facecolor=PHASE_COLOURS["d2h"], edgecolor="black", label="device-to-host")]
        _legend(ax, handles=handles)
        keys = [CaseKey(b, kt, vals, order, n, dist) for b in backends]
        _footnote(ax, "Stacked medians of each phase; error bars: min to max of the end-to-end total over the "
                      "repetitions, drawn at the top of the stack.", f"From: {data.sources(keys, data.e2e_origin)}.")
        writer.save(fig, "breakdown", title, f"breakdown_{slug(f'{kt}-{vals}', order, dist)}_n{n}")


def _timeline_drawable(key, chart, times, shaped=True):
    """Whether a timeline chart can be drawn (every interval [start, end], every time within DRAWABLE_MS);
    if not, a note on stderr says which case's chart is left out."""
    if shaped and all(t <= DRAWABLE_MS[1] for t in times):
        return True
    why = "an interval that is not [start, end]" if not shaped else f"a time of {max(times):g} ms"
    print(f"plot: note: {key.label()}: {chart} left out ({why}, beyond what a chart can draw)", file=sys.stderr)
    return False


def plot_out_of_core(data, writer):
    """Per out-of-core case: when every chunk and piece crossed the link each way and was worked on (the JSON
    timeline of the last repetition), one row per lane and device slot, so overlap shows as bars side by side
    in time: uploads beside downloads (the link is full duplex), and both beside the sorts."""
    lanes = (("device → host", "d2h_ms"), ("on the device", "sort_ms"), ("host → device", "h2d_ms"))
    for key, (median_ms, _, case) in sorted(data.points.items(), key=lambda kv: kv[0].label()):
        ooc = case.get("out_of_core")
        if not ooc or not ooc["timeline"]:
            continue
        times = [ooc["partition_ms"]] + [x for item in ooc["timeline"] for _, f in lanes for x in item[f]]
        if not _timeline_drawable(key, "out-of-core timeline", times,
                                  all(len(item[f]) == 2 for item in ooc["timeline"] for _, f in lanes)):
            continue
        slots = max(1, ooc["slots"])
        method = ooc.get("method", "host-partition")
        title = (f"Out of core ({method}): {key.backend}, {problem_title(key.key_type, key.values, key.order)}, "
                 f"n={key.n:,}, {key.distribution}")
        fig, ax = plt.subplots(figsize=(10, 4.5))
        ax.set_title(f"{title}\n{data.subtitle()}", fontsize=10)
        height = 0.8 / slots
        for lane, (_, field) in enumerate(lanes):
            for item in ooc["timeline"]:
                start, end = item[field]
                stage = item.get("stage", "sort")
                colour = PHASE_COLOURS["partition"] if stage == "partition" and field == "sort_ms" else (
                    data.palette.colour(key.backend) if field == "sort_ms" else
                    PHASE_COLOURS["h2d" if field == "h2d_ms" else "d2h"])
                y = lane - 0.4 + height * (item["piece"] % slots)
                ax.broken_barh([(start, max(end - start, 1e-9))], (y, height * 0.9), facecolors=colour,
                               edgecolor="black", linewidth=0.3, alpha=0.6 if stage == "partition" else 1.0)
        ax.axvline(ooc["partition_ms"], color="black", linestyle=":", linewidth=1,
                   label=f"partition complete ({ooc['partition_ms']:.0f} ms)")
        ax.axvline(median_ms, color="black", linestyle="--", linewidth=1, label=f"end to end ({median_ms:.0f} ms median)")
        ax.set_yticks(range(len(lanes)))
        ax.set_yticklabels([name for name, _ in lanes])
        bound = (f"{ooc['link_bytes'] / 1e9:.1f} GB over the link, bound {ooc['link_bound_ms']:.0f} ms at "
                 f"{ooc['pinned_h2d_GBps']:.1f} / {ooc['pinned_d2h_GBps']:.1f} GB/s one way and "
                 f"{ooc.get('pinned_bidir_GBps', 0):.1f} GB/s both ways: end to end "
                 f"{ooc['ratio_to_link_bound']:.2f}\u00d7 the bound")
        ax.set_xlabel("ms from the start of the (last) repetition, CUDA events\n" + bound, fontsize=9)
        ax.grid(axis="y", visible=False)
        handles = [Patch(facecolor=PHASE_COLOURS["h2d"], edgecolor="black", label="host-to-device copy"),
                   Patch(facecolor=PHASE_COLOURS["partition"], edgecolor="black", alpha=0.6,
                         label="chunk partition (pass 1; its copies faded)"),
                   Patch(facecolor=data.palette.colour(key.backend), edgecolor="black", label=f"{key.backend} sort"),
                   Patch(facecolor=PHASE_COLOURS["d2h"], edgecolor="black", label="device-to-host copy")]
        handles += ax.get_legend_handles_labels()[0]
        _legend(ax, handles=handles)
        writer.save(fig, "out-of-core", title,
                    f"out-of-core_{key.backend}_{slug(f'{key.key_type}-{key.values}', key.order, key.distribution)}"
                    f"_n{key.n}")


def plot_multi_gpu(data, writer):
    """Per multi-GPU case: each GPU's phases on a time line (the exchange span drawn over the sorts it hides
    behind), under bars of the single-GPU back-ends measured on the same input."""
    for key, (ms, _, case) in sorted(data.points.items(), key=lambda kv: kv[0].label()):
        m = case.get("multi_gpu")
        if not m:
            continue
        phases = ("splitters_ms", "partition_ms", "exchange_ms", "sort_ms", "total_ms")
        if not _timeline_drawable(key, "multi-GPU chart", [g[p] for g in m["per_gpu"] for p in phases]):
            continue
        singles = sorted((k.backend, v[0]) for k, v in data.points.items()
                         if (k.key_type, k.values, k.order, k.n, k.distribution) ==
                         (key.key_type, key.values, key.order, key.n, key.distribution) and
                         not v[2].get("multi_gpu"))
        rows = [f"{b} (1 GPU)" for b, _ in singles] + [f"{key.backend} GPU {g['device']}" for g in m["per_gpu"]]
        title = (f"Multi-GPU phases, {m['gpus']} GPUs, n={key.n:,}: "
                 f"{problem_title(key.key_type, key.values, key.order)}, {key.distribution}")
        fig, ax = plt.subplots(figsize=(9, 1.6 + 0.45 * len(rows)))
        ax.set_title(f"{title}\n{data.subtitle()}", fontsize=10)
        for y, (b, t) in enumerate(singles):
            ax.barh(y, t, 0.6, color=data.palette.colour(b), edgecolor="black", linewidth=0.4)
            ax.annotate(f"{t:.3g} ms", (t, y), xytext=(3, 0), textcoords="offset points", va="center", fontsize=7)
        for i, g in enumerate(m["per_gpu"]):
            y = len(singles) + i
            spans = (("splitters", 0.0, g["splitters_ms"]),
                     ("partition", g["splitters_ms"], g["splitters_ms"] + g["partition_ms"]),
                     ("sort", g["total_ms"] - g["sort_ms"], g["total_ms"]))
            colours = dict(MULTI_PHASES)
            for phase, a, b in spans:
                ax.barh(y, b - a, 0.6, left=a, color=colours[phase], edgecolor="black", linewidth=0.4)
            if g["exchange_ms"] > 0:
                x0 = g["splitters_ms"] + g["partition_ms"]
                ax.barh(y, g["exchange_ms"], 0.2, left=x0, color="#3c6e9f", edgecolor="black", linewidth=0.4)
            ax.annotate(f"{g['total_ms']:.3g} ms", (g["total_ms"], y), xytext=(3, 0), textcoords="offset points",
                        va="center", fontsize=7)
        ax.axvline(ms, color="black", linestyle="--", linewidth=1)
        ax.set_yticks(range(len(rows)))
        ax.set_yticklabels(rows, fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel(f"ms ({key.backend}: median {ms:.3g} ms, dashed; exchange {100 * m['exchange_share']:.0f}% of it)")
        ax.grid(axis="y", visible=False)
        handles = [Patch(facecolor=c, edgecolor="black", label=p) for p, c in MULTI_PHASES]
        handles.append(Patch(facecolor="#3c6e9f", edgecolor="black", label="exchange (NCCL, overlaps the sorts)"))
        _legend(ax, handles=handles)
        writer.save(fig, "multi-gpu", title,
                    f"multi-gpu_{slug(f'{key.key_type}-{key.values}', key.order, key.distribution)}_n{key.n}_g{m['gpus']}")


def n_label(n):
    """The column label of a size, as the tool writes sizes: 2^24, 1e8, 4864, and 2^32+17 for a power of two
    plus a little (an offset below 1000 and below 1/1024 of the power)."""
    if n >= 1024 and n & (n - 1) == 0:
        return f"2^{n.bit_length() - 1}"
    for e in range(18, 2, -1):
        if n % 10 ** e == 0 and n // 10 ** e < 10:
            return f"{n // 10 ** e}e{e}"
    k = n.bit_length() - 1
    if k >= 10 and 0 < n - 2 ** k < 1000 and (n - 2 ** k) * 1024 < 2 ** k:
        return f"2^{k}+{n - 2 ** k}"
    return str(n)


def part_of(path):
    """The sweep part a result file belongs to: its name up to the first dot. sweep.sh writes a part's
    sub-runs as <part>.<sub-run>.json ('radix-grid.big-u64.json' -> 'radix-grid')."""
    return Path(path).name.split(".", 1)[0]


class RatioCell:
    """One heat-map cell with a ratio: both medians from one run (file) on the same input."""

    def __init__(self, ratio, result, out_of_core):
        self.ratio, self.result, self.out_of_core = ratio, result, out_of_core


class RatioGrid:
    """The B / A median ratios of one sweep part (its files) for one order and distribution, over (key type,
    value mode) rows and n columns -- or, where the part ran one n only over two or more distributions, for one
    order and that n, over distribution columns (by_distribution). Every ratio is taken inside one file, between
    the two back-ends' cases of the same key type, value mode, order, n and distribution: the same run and the
    same input. cells holds the ratios, missing the cells without one as (kind, why)."""

    def __init__(self, part, pair, order, distribution, n=None):
        self.part, self.pair, self.order, self.distribution, self.n = part, pair, order, distribution, n
        self.by_distribution = n is not None
        self.rows, self.columns = [], []  # columns: sizes, or distributions (by_distribution)
        self.cells = {}  # (key_type, values, column) -> RatioCell
        self.missing = {}  # (key_type, values, column) -> (kind, why)
        self.results = []  # the files of the part

    @property
    def ns(self):
        return self.columns

    def case_of(self, column):
        """(n, distribution) of a column."""
        return (self.n, column) if self.by_distribution else (column, self.distribution)

    def label(self, column):
        return column if self.by_distribution else n_label(column)

    def column_of(self, key):
        """The column of a case (CaseKey) of this grid's order, or None where the case is not in the grid."""
        if self.by_distribution:
            return key.distribution if key.n == self.n else None
        return key.n if key.distribution == self.distribution else None

    def ratio(self, key_type, values, column):
        cell = self.cells.get((key_type, values, column))
        return cell.ratio if cell else None

    def matrix(self):
        """[[ratio or None per column] per row]."""
        return [[self.ratio(kt, vals, c) for c in self.columns] for kt, vals in self.rows]

    def drawable(self):
        """A heat map needs two dimensions: two rows and two columns, and at least one ratio."""
        return len(self.rows) >= 2 and len(self.columns) >= 2 and bool(self.cells)


MISSING_ORDER = ("failed", "error", "skipped", "untimed", "mixed", "missing")  # which word a gray cell shows


def _pair_ratio(result, pair, key_type, values, order, n, dist, metric):
    """(RatioCell, None) for the two back-ends' cases of one input in one file, or (None, (kind, why))."""
    reasons = []
    stats = []
    for backend in pair:
        case = result.by_key.get(CaseKey(backend, key_type, values, order, n, dist))
        if case is None:
            reasons.append(("missing", f"{backend}: not in this run"))
            continue
        st = metric_stats(case, metric)
        why = left_out_reason(case, st, metric)
        if why:
            reasons.append((why[0], f"{backend}: {why[1]}"))
        else:
            stats.append((case, st))
    if reasons:
        kind = min((k for k, _ in reasons), key=lambda k: MISSING_ORDER.index(k) if k in MISSING_ORDER else 0)
        return None, (kind, "; ".join(w for _, w in reasons))
    ooc = [bool(case.get("out_of_core")) for case, _ in stats]
    timers = ["sort" if st is case.get("timing") else "end-to-end" for case, st in stats]
    if ooc[0] != ooc[1] or timers[0] != timers[1]:
        where = ", ".join(f"{b} {'out of core' if o else 'in core'}" for b, o in zip(pair, ooc))
        return None, ("mixed", f"{where}, {timers[0]} against {timers[1]} time: not comparable")
    (_, sa), (_, sb) = stats
    return RatioCell(sb["median_ms"] / sa["median_ms"], result, ooc[0]), None


def _row_order(row):
    kt, vals = row
    return (KEY_TYPES.index(kt) if kt in KEY_TYPES else len(KEY_TYPES), kt,
            VALUE_MODES.index(vals) if vals in VALUE_MODES else len(VALUE_MODES), vals)


def ratio_grids(results, pair=RATIO_PAIR, metric="auto"):
    """The RatioGrids of the files that hold both back-ends of pair: one per sweep part (part_of: a file and
    its sub-run files) and (order, distribution) over n -- or, for a part that ran one n over two or more
    distributions, one per order over the distributions. A later file's ratio replaces an earlier one's for the
    same cell; a later file without a ratio there leaves the earlier ratio in place."""
    parts = {}
    for r in results:
        parts.setdefault(part_of(r.path), []).append(r)
    grids = []
    for part, files in parts.items():
        groups = defaultdict(set)  # (order, dist) -> the back-ends of the pair that appear
        sizes, dists = set(), set()
        for r in files:
            for key in r.by_key:
                if key.backend in pair:
                    groups[(key.order, key.distribution)].add(key.backend)
                    sizes.add(key.n)
                    dists.add(key.distribution)
        by_distribution = len(sizes) == 1 and len(dists) >= 2
        if by_distribution:  # one grid per order, a column per distribution
            (n,) = sizes
            orders = sorted({o for (o, _), present in groups.items() if len(present) == 2})
            grids += [_fill_grid(RatioGrid(part, pair, o, None, n), files, metric) for o in orders]
            continue
        for (order, dist), present in sorted(groups.items()):
            if len(present) < 2:
                continue  # one back-end only: no ratio anywhere
            grids.append(_fill_grid(RatioGrid(part, pair, order, dist), files, metric))
    return grids


def _fill_grid(grid, files, metric):
    """The cells of a grid from its part's files (ratio_grids)."""
    grid.results = files
    rows, columns = set(), set()
    for r in files:
        cells = set()
        for k in r.by_key:
            column = grid.column_of(k) if k.backend in grid.pair and k.order == grid.order else None
            if column is not None:
                cells.add((k.key_type, k.values, column))
        for kt, vals, column in sorted(cells):
            rows.add((kt, vals))
            columns.add(column)
            n, dist = grid.case_of(column)
            cell, why = _pair_ratio(r, grid.pair, kt, vals, grid.order, n, dist, metric)
            if cell:
                grid.cells[(kt, vals, column)] = cell
                grid.missing.pop((kt, vals, column), None)
            elif (kt, vals, column) not in grid.cells:
                grid.missing[(kt, vals, column)] = (why[0], f"{why[1]} ({r.path})")
    grid.rows = sorted(rows, key=_row_order)
    grid.columns = sorted(columns, key=_distribution_order) if grid.by_distribution else sorted(columns)
    for kt, vals in grid.rows:
        for c in grid.columns:
            if (kt, vals, c) not in grid.cells and (kt, vals, c) not in grid.missing:
                grid.missing[(kt, vals, c)] = ("not run", "neither back-end has this case in the files of "
                                                          f"part {grid.part}")
    return grid


def _distribution_order(dist):
    return (DISTRIBUTIONS.index(dist) if dist in DISTRIBUTIONS else len(DISTRIBUTIONS), dist)


RATIO_TICKS = (1 / 8, 1 / 4, 1 / 2, 2 / 3, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 2.0, 4.0, 8.0)


def _ratio_title(grid):
    a, b = grid.pair
    order = "ascending" if grid.order == "asc" else "descending"
    where = f"n = {n_label(grid.n)}" if grid.by_distribution else grid.distribution
    return f"Where {a} beats {b}: {b} time / {a} time, {grid.part}, {order}, {where}"


# A heat map's title names at most this many builds; past them it counts them (the index's table lists each, and
# its "From:" line each file's): a grid redrawn from many sessions' files named 45 builds in a title that made the
# PNG 13,900 pixels wide.
TITLE_BUILDS_MOST = 4


def _ratio_subtitle(grid, builds_most=None):
    files = grid.results
    labels = sorted({r.version_label for r in files})
    if builds_most is not None and len(labels) > builds_most:
        versions = f"{len(labels)} builds (listed in index.md)"
    else:
        versions = ", ".join(labels)
    return f"same run, same input; medians; {files[0].device_label} · {run_dates(files)} · {versions}"


def _grid_sources(grid):
    """'radix-grid.json, radix-grid.xl-u32.json (2026-11-22, 89364f6)': the part's files, the run date and
    commit once when they share them."""
    stamps = {run_stamp(r) for r in grid.results}
    if len(stamps) == 1:
        return ", ".join(Path(r.path).name for r in grid.results) + f" ({stamps.pop()})"
    return "; ".join(run_label(r) for r in grid.results)


def _ratio_text(cell):
    """Two decimals, or three where two would read 1.00 for a ratio below 1 (a loss never shows as a tie)."""
    text = f"{cell.ratio:.2f}"
    if text == "1.00" and cell.ratio < 1.0:
        text = f"{min(cell.ratio, 0.999):.3f}"
    return text + ("\u2020" if cell.out_of_core else "")


def _ratio_markdown(grid):
    """The heat map's numbers as a markdown table: a ratio, or the gray cell's word."""
    a, b = grid.pair
    lines = [f"`{b}` median / `{a}` median (> 1: `{a}` faster): " + _ratio_subtitle(grid) +
             ". A word instead of a number: no ratio (see *Cells left out of the ratio heat maps*).", "",
             "| keys + values | " + " | ".join(grid.label(c) for c in grid.columns) + " |",
             "| --- |" + " ---: |" * len(grid.columns)]
    for row in grid.rows:
        cells = []
        for c in grid.columns:
            cell = grid.cells.get((*row, c))
            cells.append(_ratio_text(cell) if cell else grid.missing[(*row, c)][0])
        lines.append(f"| {_kv_label(*row)} | " + " | ".join(cells) + " |")
    if any(c.out_of_core for c in grid.cells.values()):
        lines += ["", "\u2020 both cases ran out of core (host clock, host link included)."]
    lines += ["", f"From: {_grid_sources(grid)}."]
    return lines


def _missing_lines(grid):
    """index.md's lines for the cells without a ratio: one per cell with the reason; the cells that neither
    back-end ran (a sub-run's sizes for fewer key types) one line per column."""
    name = "dist" if grid.by_distribution else "n"
    lines, not_run = [], defaultdict(list)
    for (kt, vals, c), (kind, why) in sorted(grid.missing.items(),
                                             key=lambda kv: (_row_order(kv[0][:2]), grid.columns.index(kv[0][2]))):
        if kind == "not run":
            not_run[c].append(_kv_label(kt, vals))
        else:
            lines.append(f"{_kv_label(kt, vals)} {name}={grid.label(c)}: {kind}: {why}")
    for c in grid.columns:
        if c in not_run:
            lines.append(f"{name}={grid.label(c)}: not run for {', '.join(not_run[c])}: neither back-end has these "
                         f"cases in the files of part {grid.part}")
    return lines


def plot_ratio_heatmaps(data, writer, pair=RATIO_PAIR):
    """Per sweep part and (order, distribution) holding both back-ends of pair over two or more rows and sizes:
    B's median / A's median as a heat map over n (columns) and key type + value mode (rows), a diverging colour
    map centred at 1 on a log scale, every cell annotated; cells without a ratio gray and hatched, and listed
    in index.md with the reason."""
    a, b = pair
    for grid in ratio_grids(data.results, pair, data.metric):
        if not grid.drawable():
            continue
        title = _ratio_title(grid)
        logs = np.full((len(grid.rows), len(grid.columns)), np.nan)
        for i, row in enumerate(grid.rows):
            for j, c in enumerate(grid.columns):
                cell = grid.cells.get((*row, c))
                if cell:
                    logs[i, j] = math.log2(cell.ratio)
        span = float(np.nanmax(np.abs(logs)))
        span = min(max(span, math.log2(1.25)), 3.0)  # at least 0.8 to 1.25, at most 1/8 to 8 (beyond: saturated)
        norm = Normalize(-span, span)
        cmap = plt.get_cmap("RdBu").with_extremes(bad="#d9d9d9")  # red: B faster (< 1), blue: A faster (> 1)
        fig, ax = plt.subplots(figsize=(3.0 + 0.62 * len(grid.columns), 2.2 + 0.3 * len(grid.rows)))
        ax.set_title(f"{title}\n{_ratio_subtitle(grid, TITLE_BUILDS_MOST)}", fontsize=10)
        image = ax.imshow(np.ma.masked_invalid(logs), cmap=cmap, norm=norm, aspect="auto", interpolation="nearest")
        ax.grid(False)
        for i, row in enumerate(grid.rows):
            for j, c in enumerate(grid.columns):
                cell = grid.cells.get((*row, c))
                if cell:
                    dark = abs(logs[i, j]) > 0.6 * span
                    ax.text(j, i, _ratio_text(cell), ha="center", va="center", fontsize=7,
                            color="white" if dark else "black")
                else:
                    ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, facecolor="none", edgecolor="#9a9a9a",
                                           hatch="///", linewidth=0))
                    ax.text(j, i, grid.missing[(*row, c)][0], ha="center", va="center", fontsize=6,
                            color="#444444")
        ax.set_xticks(range(len(grid.columns)))
        wide = len(grid.columns) > 8 or grid.by_distribution
        ax.set_xticklabels([grid.label(c) for c in grid.columns], rotation=45 if wide else 0,
                           ha="right" if wide else "center", fontsize=8)
        ax.set_yticks(range(len(grid.rows)))
        ax.set_yticklabels([_kv_label(*r) for r in grid.rows], fontsize=8)
        ax.set_xlabel("distribution" if grid.by_distribution else "n (keys)")
        ax.set_ylabel("key type + value type")
        bar = fig.colorbar(image, ax=ax, fraction=0.04, pad=0.02)
        ticks = [t for t in RATIO_TICKS if abs(math.log2(t)) <= span + 1e-9]
        bar.set_ticks([math.log2(t) for t in ticks])
        bar.set_ticklabels([f"{t:.3g}\u00d7" for t in ticks])
        bar.set_label(f"{b} median / {a} median (> 1: {a} faster)", fontsize=8)
        bar.ax.tick_params(labelsize=7)
        notes = [f"Each cell: {b}'s median time / {a}'s median time ({data.time_label_for_metric()}), both from "
                 "one run (one result file) on the same input: same key type, value mode, order, n and "
                 "distribution. Colour on a log scale centred at 1; blue: " + a + " faster, red: " + b + " faster.",
                 f"Gray, hatched: no ratio (failed, error, skipped, untimed, missing: one of the two not in the run, "
                 f"not run: neither ran it); index.md lists each cell and why ({len(grid.missing)} of "
                 f"{len(grid.rows) * len(grid.columns)})."]
        if any(c.out_of_core for c in grid.cells.values()):
            notes.append("\u2020: both cases ran out of core (host clock, host link included).")
        notes.append(f"From: {_grid_sources(grid)}.")
        _footnote(ax, *notes)
        where = f"n{n_label(grid.n)}" if grid.by_distribution else grid.distribution
        stem = f"ratio_{slug(b)}-over-{slug(a)}_{slug(grid.part)}_{slug(grid.order, where)}"
        writer.save(fig, "ratio", title, stem)
        writer.ratio_tables.append((title, _ratio_markdown(grid)))
        if grid.missing:
            writer.ratio_left_out.append((title, _missing_lines(grid)))
            print(f"plot: note: ratio heat map {grid.part} ({grid.order}, {where}): "
                  f"{len(grid.missing)} of {len(grid.rows) * len(grid.columns)} cells have no ratio; see "
                  f"{writer.out_dir / 'index.md'}", file=sys.stderr)


def device_datasets(results, metric):
    """One Dataset per device, in order of first appearance; at least two devices."""
    by_device = {}
    for r in results:
        by_device.setdefault(r.device_label, []).append(r)
    if len(by_device) < 2:
        raise BadInput("--compare-devices: the files come from one device (" + ", ".join(by_device) +
                       "); give files of two or more devices")
    return [Dataset(files, metric) for files in by_device.values()]


def plot_devices(datasets, writer):
    """Per key type / value mode / order / distribution: the cases every device ran, side by side, one bar per
    device (its medians' throughput, min-max error bars), and each device's ratio to the first device."""
    common = set(datasets[0].points)
    for d in datasets[1:]:
        common &= set(d.points)
    common = {k for k in common if not any(d.points[k][2].get("out_of_core") for d in datasets)}
    if not common:
        raise BadInput("--compare-devices: no case was run (ok, with a time) on every device")
    names = [d.results[0].device_label for d in datasets]
    groups = sorted({(k.key_type, k.values, k.order, k.distribution) for k in common})
    for kt, vals, order, dist in groups:
        keys = sorted((k for k in common if (k.key_type, k.values, k.order, k.distribution) == (kt, vals, order, dist)),
                      key=lambda k: (style_index(k.backend), k.n))
        title = f"Across devices: {problem_title(kt, vals, order)}, {dist}"
        subtitle = " vs ".join(names)
        fig, ax = _new_axes(title, subtitle, figsize=(max(8, 1.1 * len(keys) + 3), 5))
        width = 0.8 / len(datasets)
        for i, (d, name) in enumerate(zip(datasets, names)):
            xs = [j - 0.4 + width * (i + 0.5) for j in range(len(keys))]
            vals3 = [_throughput_range(k.n, d.stats[k]) for k in keys]
            ys = [v[0] for v in vals3]
            ax.bar(xs, ys, width, color=DEVICE_COLOURS[i % len(DEVICE_COLOURS)], edgecolor="black", linewidth=0.3,
                   label=name, yerr=_yerr(ys, [v[1] for v in vals3], [v[2] for v in vals3]),
                   error_kw={"elinewidth": 0.8, "capsize": 1.5})
            if i:
                for x, k, y in zip(xs, keys, ys):
                    base = datasets[0].points[k][0]
                    ax.annotate(f"{base / d.points[k][0]:.2f}\u00d7", (x, y), xytext=(0, 2), textcoords="offset points",
                                ha="center", va="bottom", fontsize=7)
        ax.set_xticks(range(len(keys)))
        ax.set_xticklabels([f"{k.backend}\nn={k.n:,}" for k in keys], fontsize=8,
                           rotation=30 if len(keys) > 6 else 0, ha="right" if len(keys) > 6 else "center")
        ax.grid(axis="x", visible=False)
        ax.set_ylabel("keys/s (n / median time, linear)")
        _legend(ax)
        provenance = [f"{name}: {d.sources(keys)}" for d, name in zip(datasets, names)]
        _footnote(ax, f"Ratios (\u00d7, over {names[0]}) are between different runs, devices and possibly commits; "
                      f"{ERROR_BARS}.", *provenance)
        writer.save(fig, "devices", title, f"devices_{slug(f'{kt}-{vals}', order, dist)}")


def make_parser():
    p = argparse.ArgumentParser(
        prog="plot", description="Charts (PNG and SVG) from one or more gpusort-bench result files of one device.",
        epilog="Exit codes: 0 charts written; 2 bad input (missing file, not JSON, wrong schema, bad option); "
               "4 internal error (a bug in the script).")
    p.add_argument("results", nargs="+", help="result files; a later file's case replaces an earlier one's")
    p.add_argument("--out", metavar="DIR", help="output folder (default: charts/ beside the first result file)")
    p.add_argument("--format", type=parse_formats, default=list(FORMATS), help="png,svg (default both)")
    p.add_argument("--metric", choices=METRICS, default="auto",
                   help="sort: the sort alone; total: end-to-end; auto: sort where measured (default)")
    p.add_argument("--charts", type=parse_kinds, default=list(CHART_KINDS),
                   help="which kinds of chart: " + ",".join(CHART_KINDS) + " (default all)")
    p.add_argument("--bar-n", type=parse_n, metavar="N",
                   help="n of the bar charts, in the tool's size grammar (1e8, 2^27, 64Ki, 1M; default: the "
                        "largest n with the most cases)")
    p.add_argument("--ratio-pair", type=parse_pair, default=RATIO_PAIR, metavar="A,B",
                   help="the two back-ends of the ratio heat maps: B's median / A's median per case, within one "
                        "run (> 1: A faster); drawn for each file (a sweep part with its sub-run files "
                        "<part>.<sub>.json) holding both over two or more key types/value modes and sizes "
                        "(default radix,cub-radix)")
    p.add_argument("--compare-devices", action="store_true",
                   help="the files come from two or more devices: draw only the cases every device ran, side by "
                        "side (devices_* charts)")
    return p


def main(argv=None):
    args = make_parser().parse_args(argv)
    results = [load_result(path) for path in args.results]
    out = args.out or str(Path(args.results[0]).resolve().parent / "charts")
    if args.compare_devices:
        datasets = device_datasets(results, args.metric)
        writer = Writer(out, args.format)
        plot_devices(datasets, writer)
        writer.write_index(" vs ".join(d.subtitle() for d in datasets))
        writer.clean_stale()
        print(f"plot: wrote {len(writer.written)} charts ({', '.join(args.format)}) to {out}")
        return EXIT_OK
    data = Dataset(results, args.metric)
    writer = Writer(out, args.format)
    plot_sweeps(data, writer, args.charts)
    if "distributions" in args.charts:
        plot_distributions(data, writer, args.bar_n)
    if "bandwidth" in args.charts:
        plot_bandwidth(data, writer, args.bar_n)
    if "breakdown" in args.charts:
        plot_breakdowns(data, writer, args.bar_n)
    if "out-of-core" in args.charts:
        plot_out_of_core(data, writer)
    if "multi-gpu" in args.charts:
        plot_multi_gpu(data, writer)
    if "ratio" in args.charts:
        plot_ratio_heatmaps(data, writer, args.ratio_pair)
    writer.write_index(data.subtitle(), data.left_out)
    writer.clean_stale()
    for line in data.left_out_summary():
        print(f"plot: note: {line}; see {Path(out) / 'index.md'}", file=sys.stderr)
    print(f"plot: wrote {len(writer.written)} charts ({', '.join(args.format)}) to {out}")
    return EXIT_OK


def entry():
    sys.exit(run_main("plot", main))
