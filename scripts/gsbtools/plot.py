"""`scripts/plot RESULT.json...`: throughput, time, speed-up, distribution, end-to-end and out-of-core charts.

One chart per key type / value mode / order / distribution for the n sweeps; bar charts at one fixed n.
Every chart carries the device, the run date(s) and the tool version, and each back-end keeps one colour
(and marker) across all charts of an invocation: colours are given out in sorted order of the back-end names.
"""

import argparse
import math
import re
import sys
from collections import defaultdict
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only; no display on CI or the GPU machine
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

from .cli import EXIT_OK, BadInput, run_main  # noqa: E402
from .results import METRICS, CaseKey, load_result, metric_stats  # noqa: E402

SPEEDUP_REFERENCES = ("std-sort", "cub-radix")
CHART_KINDS = ("throughput", "time", "speedup", "distributions", "breakdown", "out-of-core", "multi-gpu")
FORMATS = ("png", "svg")
MARKERS = "os^Dv<>PXph*"
PHASE_COLOURS = {"h2d": "#c8c8c8", "d2h": "#6e6e6e", "partition": "#7fa7d1"}
MULTI_PHASES = (("splitters", "#f2c14e"), ("partition", "#f78154"), ("sort", "#4d9078"))  # multi-GPU timeline

matplotlib.rcParams.update({
    "svg.fonttype": "none",        # text stays text in SVG: smaller, searchable files
    "svg.hashsalt": "gpusort-bench",  # stable ids, so re-plotting the same data gives the same SVG
    "axes.grid": True,
    "grid.alpha": 0.3,
    "figure.dpi": 100,
})


class Palette:
    """One colour and marker per back-end, the same in every chart."""

    def __init__(self, backends):
        names = sorted(set(backends))
        tab10 = plt.get_cmap("tab10").colors
        tab20 = plt.get_cmap("tab20").colors
        colours = list(tab10) + [tab20[i] for i in range(1, 20, 2)]
        self._style = {}
        for i, name in enumerate(names):
            self._style[name] = (colours[i % len(colours)], MARKERS[i % len(MARKERS)])

    def colour(self, backend):
        return self._style[backend][0]

    def marker(self, backend):
        return self._style[backend][1]


MAX_N = 2 ** 64  # n is a 64-bit count in the tool


def parse_n(text):
    """'1000000', '1e6', '2^20' -> int; anything else (inf, nan, 0, -5, 1.5, 2^100) is refused."""
    s = text.strip()
    try:
        if "^" in s:
            base, exp = (int(part) for part in s.split("^", 1))
            # bound the operands before the power: 10^99999999 would take minutes to compute
            value = base ** exp if abs(base) <= MAX_N and 0 <= exp <= 64 else None
        else:
            value = float(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size (e.g. 1000000, 1e6, 2^20)") from None
    if value is not None and (not math.isfinite(value) or value < 1 or value != int(value)):
        raise argparse.ArgumentTypeError(f"'{text}' is not a positive whole number")
    if value is None or value > MAX_N:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size from 1 to 2^64")
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
        self.left_out = {}  # CaseKey -> (kind, why, path): cases in no chart
        self.metrics_used = set()
        self.distributions = []  # in order of first appearance (the tool's order)
        for r in results:
            for key, case in r.by_key.items():
                if key.distribution not in self.distributions:
                    self.distributions.append(key.distribution)
                self._add(key, case, r.path)
        if not self.points:
            raise BadInput(", ".join(r.path for r in results) + f": no ok case has a '{metric}' timing to plot")
        self.palette = Palette(k.backend for k in self.points)

    def _add(self, key, case, path):
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
        dates = sorted({r.date for r in self.results})
        date = dates[0] if len(dates) == 1 else f"{dates[0]} to {dates[-1]}"
        labels = sorted({r.version_label for r in self.results})
        # "tool 0.1.0 (a)", "tool 0.1.0 (b)" -> "tool 0.1.0 (a, b)": one line that fits above the plot
        stems = {label.rsplit(" (", 1)[0] for label in labels}
        if len(labels) > 1 and len(stems) == 1 and all(label.endswith(")") and " (" in label for label in labels):
            versions = f"{stems.pop()} (" + ", ".join(label.rsplit(" (", 1)[1][:-1] for label in labels) + ")"
        else:
            versions = ", ".join(labels)
        return f"{devices} · {date} · {versions}"

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
        try:
            self.out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise BadInput(f"--out {out_dir}: cannot create ({e.strerror})") from None

    def save(self, fig, kind, title, stem):
        for fmt in self.formats:
            kwargs = {"dpi": 120} if fmt == "png" else {"metadata": {"Date": None}}
            fig.savefig(self.out_dir / f"{stem}.{fmt}", bbox_inches="tight", **kwargs)
        plt.close(fig)
        self.written.append((kind, title, stem))

    def write_index(self, subtitle, left_out=None):
        """index.md: a link to every chart under its kind's heading, then the cases left out and why."""
        kinds = {"throughput": "Throughput against n", "time": "Time against n",
                 "speedup-vs-std-sort": "Speed-up over std-sort", "speedup-vs-cub-radix": "Speed-up over cub-radix",
                 "distributions": "Across distributions at a fixed n",
                 "breakdown": "End-to-end breakdown", "out-of-core": "Out-of-core timelines",
                 "multi-gpu": "Multi-GPU phases"}
        lines = ["# Charts", "", subtitle, ""]
        ext = "png" if "png" in self.formats else self.formats[0]
        for kind, heading in kinds.items():
            entries = [(t, s) for k, t, s in self.written if k == kind]
            if entries:
                lines += [f"## {heading}", ""] + [f"- [{t}]({s}.{ext})" for t, s in entries] + [""]
        if left_out:
            lines += ["## Cases left out", "", "Not in any chart: the case did not run cleanly, or has no usable "
                      "time for the chosen metric.", ""]
            lines += [f"- {key.label()} ({path}): {_one_line(why)}"
                      for key, (_, why, path) in sorted(left_out.items(), key=lambda kv: kv[0].label())] + [""]
        (self.out_dir / "index.md").write_text("\n".join(lines), encoding="utf-8")


def _one_line(text):
    return " ".join(text.split())


def _new_axes(title, subtitle):
    fig, ax = plt.subplots(figsize=(8, 5))
    ax.set_title(f"{title}\n{subtitle}", fontsize=10)
    return fig, ax


def _legend(ax, **kwargs):
    ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=8, frameon=False, **kwargs)


def plot_sweeps(data, writer, kinds=CHART_KINDS):
    for (kt, vals, order, dist), series in data.sweeps().items():
        if len({n for pts in series.values() for n, _ in pts}) < 2:
            continue  # one n only: no line to draw (the bar charts show it)
        problem = f"{problem_title(kt, vals, order)}, {dist}"
        keys = [CaseKey(b, kt, vals, order, n, dist) for b, pts in series.items() for n, _ in pts]
        tag = slug(f"{kt}-{vals}", order, dist)

        for kind in ("throughput", "time"):
            if kind not in kinds:
                continue
            title = f"{'Throughput' if kind == 'throughput' else 'Time'}: {problem}"
            fig, ax = _new_axes(title, data.subtitle())
            for backend in sorted(series):
                ns = [n for n, _ in series[backend]]
                ys = [n / (ms / 1e3) if kind == "throughput" else ms for n, ms in series[backend]]
                ax.plot(ns, ys, marker=data.palette.marker(backend), color=data.palette.colour(backend),
                        label=backend)
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xlabel("n (keys)")
            ax.set_ylabel("keys/s (n / median time)" if kind == "throughput" else data.time_label(keys))
            _legend(ax)
            writer.save(fig, kind, title, f"{kind}_{tag}")

        for ref in SPEEDUP_REFERENCES:
            if "speedup" not in kinds or ref not in series or len(series) < 2:
                continue
            ref_ms = dict(series[ref])
            title = f"Speed-up over {ref}: {problem}"
            fig, ax = _new_axes(title, data.subtitle())
            ax.axhline(1.0, color=data.palette.colour(ref), linestyle="--", linewidth=1, label=f"{ref} (= 1)")
            for backend in sorted(series):
                if backend == ref:
                    continue
                pts = [(n, ref_ms[n] / ms) for n, ms in series[backend] if n in ref_ms and ms > 0]
                if pts:
                    ax.plot(*zip(*pts), marker=data.palette.marker(backend), color=data.palette.colour(backend),
                            label=backend)
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xlabel("n (keys)")
            ax.set_ylabel(f"speed-up over {ref} (time ratio)")
            _legend(ax)
            writer.save(fig, f"speedup-vs-{ref}", title, f"speedup-vs-{ref}_{tag}")


def plot_distributions(data, writer, requested_n):
    for problem in data.problems():
        n = data.fixed_n(problem, requested_n)
        if n is None:
            print(f"plot: note: no case with n={requested_n} for {problem_title(*problem)}", file=sys.stderr)
            continue
        keys = [k for k in data.points if (k.key_type, k.values, k.order) == problem and k.n == n]
        dists = [d for d in data.distributions if any(k.distribution == d for k in keys)]
        backends = sorted({k.backend for k in keys})
        title = f"Throughput across distributions at n={n:,}: {problem_title(*problem)}"
        fig, ax = plt.subplots(figsize=(max(8, 1.2 * len(dists) + 3), 5))
        ax.set_title(f"{title}\n{data.subtitle()}", fontsize=10)
        width = 0.8 / len(backends)
        for i, backend in enumerate(backends):
            xs, ys = [], []
            for j, d in enumerate(dists):
                point = data.points.get(CaseKey(backend, *problem, n, d))
                if point:
                    xs.append(j - 0.4 + width * (i + 0.5))
                    ys.append(n / (point[0] / 1e3))
            ax.bar(xs, ys, width, color=data.palette.colour(backend), label=backend)
        ax.set_xticks(range(len(dists)))
        ax.set_xticklabels(dists, rotation=30 if len(dists) > 4 else 0, ha="right" if len(dists) > 4 else "center")
        ax.set_yscale("log")
        ax.set_ylabel("keys/s (n / median time)")
        ax.grid(axis="x", visible=False)
        _legend(ax)
        writer.save(fig, "distributions", title, f"distributions_{slug(f'{problem[0]}-{problem[1]}', problem[2])}_n{n}")


def plot_breakdowns(data, writer, requested_n):
    by_group = defaultdict(dict)  # (kt, values, order, dist) -> {n: {backend: end_to_end}}
    for key, (_, _, case) in data.points.items():
        e2e = case.get("end_to_end")
        if e2e is not None:
            group = by_group[(key.key_type, key.values, key.order, key.distribution)]
            group.setdefault(key.n, {})[key.backend] = e2e
    for (kt, vals, order, dist), per_n in sorted(by_group.items()):
        n = requested_n if requested_n is not None else max(per_n, key=lambda m: (len(per_n[m]), m))
        if n not in per_n:
            continue
        rows = per_n[n]
        backends = sorted(rows)
        title = f"End-to-end breakdown at n={n:,}: {problem_title(kt, vals, order)}, {dist}"
        fig, ax = plt.subplots(figsize=(max(6, 0.9 * len(backends) + 3), 5))
        ax.set_title(f"{title}\n{data.subtitle()}", fontsize=10)
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
            total = rows[b]["total_ms"]["median_ms"]
            ax.annotate(f"{total:.3g} ms", (xi, h2d[xi] + sort[xi] + d2h[xi]), ha="center", va="bottom", fontsize=7)
        ax.set_xticks(list(x))
        ax.set_xticklabels(backends, rotation=30, ha="right")
        ax.set_ylabel("median time (ms)")
        ax.grid(axis="x", visible=False)
        handles = [Patch(facecolor=PHASE_COLOURS["h2d"], edgecolor="black", label="host-to-device"),
                   Patch(facecolor="white", edgecolor="black", label="sort (back-end colour)"),
                   Patch(facecolor=PHASE_COLOURS["d2h"], edgecolor="black", label="device-to-host")]
        _legend(ax, handles=handles)
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
                   help="n of the bar charts (default: the largest n with the most cases)")
    return p


def main(argv=None):
    args = make_parser().parse_args(argv)
    results = [load_result(path) for path in args.results]
    data = Dataset(results, args.metric)
    out = args.out or str(Path(args.results[0]).resolve().parent / "charts")
    writer = Writer(out, args.format)
    plot_sweeps(data, writer, args.charts)
    if "distributions" in args.charts:
        plot_distributions(data, writer, args.bar_n)
    if "breakdown" in args.charts:
        plot_breakdowns(data, writer, args.bar_n)
    if "out-of-core" in args.charts:
        plot_out_of_core(data, writer)
    if "multi-gpu" in args.charts:
        plot_multi_gpu(data, writer)
    writer.write_index(data.subtitle(), data.left_out)
    for line in data.left_out_summary():
        print(f"plot: note: {line}; see {Path(out) / 'index.md'}", file=sys.stderr)
    print(f"plot: wrote {len(writer.written)} charts ({', '.join(args.format)}) to {out}")
    return EXIT_OK


def entry():
    sys.exit(run_main("plot", main))
