"""`scripts/compare BASE NEW`: match cases by identity, judge each timed pair, report new/missing cases."""

import argparse
import sys
from dataclasses import dataclass, field

from .cli import EXIT_OK, EXIT_REGRESSION, BadInput, run_main, worst_exit_code
from .gate import (DEFAULT_DRIFT_TOLERANCE, INCONCLUSIVE_VERDICTS, REGRESSION_VERDICTS, case_drift,
                   geometric_mean_ratio, outcome, run_drift, warmup_outlier)
from .outputs import check_replaceable, write_output
from .results import METRICS, common_metric, load_result, metric_stats
from .stats import compare_samples
from .verdict import VERDICT_FORM, emit_github, github_summary_path, verdict_document, write_json

DEFAULT_THRESHOLD = 0.03
DEFAULT_ALPHA = 0.05

# Verdicts beside the four statistical ones, for cases whose status changed.
STATUS_VERDICTS = {
    "broken": "ok in base, failed or error in new",
    "skipped": "ok in base, skipped in new",
    "fixed": "not ok in base, ok in new",
    "not-ok": "not ok in either run",
    "inconclusive-drift": "ok in both, but the GPU throttled or its clocks drifted during the case",
    "inconclusive-warmup": "ok in both, but a first sample is a cold start (warm-up 0)",
}


@dataclass
class Row:
    key: object              # CaseKey
    verdict: str
    base_status: str
    new_status: str
    metric: str = None       # "sort" or "total" for timed pairs
    comparison: object = None  # stats.Comparison for timed pairs
    note: str = ""
    stat_verdict: str = None   # the statistics' verdict where `verdict` overrides it (drift, warm-up)
    drift: list = field(default_factory=list)  # gate.Drift findings of this case's gpu_state


@dataclass
class Report:
    base: object
    new: object
    threshold: float
    alpha: float
    confidence: float
    rows: list = field(default_factory=list)
    changes_only: bool = False
    new_cases: list = field(default_factory=list)
    missing: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    drift: list = field(default_factory=list)  # gate.Drift: run-wide and per-case differences of conditions
    allow_drift: bool = False
    drift_tolerance: float = DEFAULT_DRIFT_TOLERANCE
    metric: str = "auto"
    gate: object = None  # gate.Outcome once judged (compare --fail-on-regression, perf-check)

    def shown_rows(self):
        return [r for r in self.rows if not (self.changes_only and r.verdict == "same")]

    def with_verdict(self, *verdicts):
        return [r for r in self.rows if r.verdict in verdicts]

    @property
    def regressions(self):
        return self.with_verdict(*REGRESSION_VERDICTS)

    def summary(self):
        counts = {}
        for r in self.rows:
            counts[r.verdict] = counts.get(r.verdict, 0) + 1
        order = ["slower", "broken", "faster", "same", "unclear", "inconclusive-drift", "inconclusive-warmup",
                 "skipped", "fixed", "not-ok"]
        parts = [f"{counts[v]} {v}" for v in order if counts.get(v)]
        parts += [f"{len(self.new_cases)} new", f"{len(self.missing)} missing"]
        return f"{len(self.rows)} matched: " + ", ".join(parts)

    def geomean(self):
        """(geometric mean of new/base over cases with a verdict, how many cases), (None, 0) when none."""
        return geometric_mean_ratio(self.rows)


def device_identity(result):
    return result.device_label


def build_report(base, new, threshold=DEFAULT_THRESHOLD, alpha=DEFAULT_ALPHA, confidence=0.95, metric="auto",
                 allow_different_devices=False, resamples=4000, allow_drift=False,
                 drift_tolerance=DEFAULT_DRIFT_TOLERANCE):
    if device_identity(base) != device_identity(new):
        msg = (f"base ran on '{device_identity(base)}' but new on '{device_identity(new)}'; "
               "timings from different devices are not comparable (pass --allow-different-devices to compare anyway)")
        if not allow_different_devices:
            raise BadInput(msg)
    report = Report(base, new, threshold, alpha, confidence, allow_drift=allow_drift,
                    drift_tolerance=drift_tolerance, metric=metric)
    if device_identity(base) != device_identity(new):
        report.notes.append(f"different devices: base '{device_identity(base)}', new '{device_identity(new)}'")
    report.drift = run_drift(base, new, drift_tolerance)
    for name in ("timing", "seed"):  # reps and warm-up are drift (above)
        b, n = base.settings[name], new.settings[name]
        if b != n:
            report.notes.append(f"settings differ: {name} {b} in base, {n} in new")
    if base.meta["version"] != new.meta["version"]:
        report.notes.append(f"tool versions differ: {base.meta['version']} in base, {new.meta['version']} in new")

    for key, b in base.by_key.items():
        n = new.by_key.get(key)
        if n is None:
            report.missing.append(key)
            continue
        row = _judge(key, b, n, threshold, alpha, confidence, metric, resamples)
        if row.comparison is not None:
            _gate_case(row, b, n, base.settings, new.settings, report)
        report.drift += row.drift
        report.rows.append(row)
    report.new_cases = [k for k in new.by_key if k not in base.by_key]
    return report


def _gate_case(row, b, n, base_settings, new_settings, report):
    """Overrule the statistics where the samples cannot be trusted: a cold first sample without warm-up
    (always), throttling or clock drift in the case's gpu_state (unless --allow-drift)."""
    row.drift = case_drift(row.key.label(), b, n, report.drift_tolerance)
    cold = [f"{which}: {note}" for which, case, settings in (("base", b, base_settings), ("new", n, new_settings))
            for note in [warmup_outlier(metric_stats(case, row.metric)["samples_ms"], settings.get("warmup"))]
            if note]
    blocking = [d for d in row.drift if d.beyond]
    if cold:
        verdict, note = "inconclusive-warmup", "; ".join(cold)
    elif blocking and not report.allow_drift:
        verdict, note = "inconclusive-drift", "; ".join(d.describe().split(": ", 1)[1] for d in blocking)
    else:
        return
    row.stat_verdict, row.verdict = row.verdict, verdict
    row.note = f"{note} (statistics alone: {row.stat_verdict})"


def _judge(key, b, n, threshold, alpha, confidence, metric, resamples):
    bs, ns = b["status"], n["status"]
    if bs == "ok" and ns == "ok":
        m = common_metric(b, n, metric)
        if m is None:
            return Row(key, "unclear", bs, ns, note=f"no '{metric}' timing present in both runs")
        c = compare_samples(metric_stats(b, m)["samples_ms"], metric_stats(n, m)["samples_ms"], threshold,
                            alpha, confidence, resamples)
        return Row(key, c.verdict, bs, ns, m, c, c.note, stat_verdict=c.verdict)
    if bs == "ok":
        verdict = "skipped" if ns == "skipped" else "broken"
        return Row(key, verdict, bs, ns, note=f"new: {ns}: {n.get('reason') or 'no reason given'}")
    if ns == "ok":
        return Row(key, "fixed", bs, ns, note=f"base: {bs}: {b.get('reason') or 'no reason given'}")
    return Row(key, "not-ok", bs, ns, note=f"base {bs}, new {ns}")


def _ms(x):
    return f"{x:.0f}" if x >= 1000 else f"{x:.4g}"


def _cells(row):
    """Cells for one row: case, base ms, new ms, new/base, CI, p, verdict, note."""
    c = row.comparison
    if c is None:
        return [row.key.label(), row.base_status, row.new_status, "", "", "", row.verdict, row.note]
    if c.ratio != c.ratio:  # nan
        ratio = ci = p = "n/a"
    else:
        ratio = f"{c.ratio:.3f} ({c.change_pct:+.1f}%)"
        ci = f"[{c.ci_low:.3f}, {c.ci_high:.3f}]"
        p = f"{c.p_value:.3g}"
    note = row.note if row.metric == "sort" else f"end-to-end time; {row.note}".rstrip("; ")
    return [row.key.label(), _ms(c.base_median_ms), _ms(c.new_median_ms), ratio, ci, p, row.verdict, note]


def _headers(report):
    return ["case", "base median ms", "new median ms", "new/base", f"{report.confidence:.0%} CI", "p (MWU)",
            "verdict", "note"]


def _criteria(report):
    return (f"slower/faster: median ratio beyond ±{report.threshold:.1%} and Mann-Whitney p < {report.alpha:g} "
            f"and the {report.confidence:.0%} bootstrap interval excludes 1")


def drift_lines(report):
    """One line per difference in conditions, saying whether it blocks a verdict."""
    out = []
    for d in report.drift:
        if not d.beyond:
            state = f"within {report.drift_tolerance:.0%}"
        elif report.allow_drift:
            state = "beyond tolerance, allowed (--allow-drift)"
        else:
            state = "beyond tolerance: inconclusive"
        out.append(f"{d.describe()} [{state}]")
    return out


def headline(report):
    """'geometric mean new/base 1.012 (+1.2%) over 14 cases', or a sentence saying there is none."""
    g, count = report.geomean()
    if g is None:
        return "geometric mean new/base: no case with a verdict"
    return f"geometric mean new/base {g:.3f} ({(g - 1) * 100:+.1f}%) over {count} case(s) with a verdict"


def format_console(report):
    headers = _headers(report)
    rows = [_cells(r) for r in report.shown_rows()]
    widths = [max([len(headers[i])] + [len(r[i]) for r in rows]) for i in range(len(headers) - 1)]
    lines = [f"base: {report.base.describe()}", f"new:  {report.new.describe()}", _criteria(report)]
    lines += [f"note: {n}" for n in report.notes]
    lines += [f"drift: {d}" for d in drift_lines(report)]
    lines.append("")
    fmt = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths)) + "  " + cells[-1]
    lines.append(fmt(headers).rstrip())
    lines.append("  ".join("-" * w for w in widths) + "  " + "-" * 4)
    lines += [fmt(r).rstrip() for r in rows]
    if report.new_cases:
        lines += ["", f"new cases (only in new, {len(report.new_cases)}):"]
        lines += [f"  {k.label()}" for k in report.new_cases]
    if report.missing:
        lines += ["", f"missing cases (only in base, {len(report.missing)}):"]
        lines += [f"  {k.label()}" for k in report.missing]
    lines += ["", report.summary(), headline(report)]
    if report.regressions:
        lines.append("regressions: " + "; ".join(f"{r.key.label()} ({r.verdict})" for r in report.regressions))
    if report.gate is not None and report.gate.reasons:
        lines.append(f"outcome: {report.gate.word}: " + "; ".join(report.gate.reasons))
    return "\n".join(lines) + "\n"


def _md_escape(text):
    return text.replace("|", "\\|")


MARKDOWN_TITLE = "## gpusort-bench comparison"
# How to tell a file emit wrote (outputs.py), and its name in messages.
MARKDOWN_FORM = (lambda head, whole: head.startswith(MARKDOWN_TITLE.encode() + b"\n"), "a comparison's Markdown")


def format_markdown(report):
    out = [MARKDOWN_TITLE, "",
           f"- base: `{_md_escape(report.base.describe())}`",
           f"- new: `{_md_escape(report.new.describe())}`",
           f"- {_criteria(report)}"]
    out += [f"- note: {_md_escape(n)}" for n in report.notes]
    out += [f"- drift: {_md_escape(d)}" for d in drift_lines(report)]
    out += ["", f"**{report.summary()}**; {headline(report)}", ""]
    if report.gate is not None:
        out += [f"**{report.gate.word}**" + (": " + _md_escape("; ".join(report.gate.reasons))
                                              if report.gate.reasons else ""), ""]
    headers = _headers(report)
    out.append("| " + " | ".join(headers) + " |")
    out.append("|" + "|".join(["---", "---:", "---:", "---:", "---", "---:", "---", "---"]) + "|")
    for r in report.shown_rows():
        cells = [_md_escape(c) for c in _cells(r)]
        if r.verdict in REGRESSION_VERDICTS:
            cells[6] = f"**{cells[6]}**"
        elif r.verdict in INCONCLUSIVE_VERDICTS:
            cells[6] = f"_{cells[6]}_"
        out.append("| " + " | ".join(cells) + " |")
    for title, keys in (("New cases (only in new)", report.new_cases), ("Missing cases (only in base)", report.missing)):
        if keys:
            out += ["", f"### {title}", ""] + [f"- {_md_escape(k.label())}" for k in keys]
    return "\n".join(out) + "\n"


def parse_fraction(text):
    """'0.03', '3%' -> 0.03; used for --threshold and --alpha."""
    s = text.strip()
    try:
        value = float(s[:-1]) / 100.0 if s.endswith("%") else float(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number or percentage") from None
    if not 0.0 <= value < 1.0:
        raise argparse.ArgumentTypeError(f"'{text}' must be a fraction in [0, 1), e.g. 0.03 or 3%")
    return value


def add_judgement_options(parser):
    parser.add_argument("--threshold", type=parse_fraction, default=DEFAULT_THRESHOLD,
                        help="practical threshold on the ratio of medians (default 0.03, i.e. 3%%; '5%%' works)")
    parser.add_argument("--alpha", type=parse_fraction, default=DEFAULT_ALPHA,
                        help="significance level of the Mann-Whitney U test (default 0.05)")
    parser.add_argument("--confidence", type=parse_fraction, default=0.95,
                        help="confidence level of the bootstrap interval (default 0.95)")
    parser.add_argument("--metric", choices=METRICS, default="auto",
                        help="sort: the sort alone; total: end-to-end; auto: sort where both runs have it "
                             "(default)")
    parser.add_argument("--allow-different-devices", action="store_true",
                        help="compare runs from different devices instead of refusing")
    parser.add_argument("--allow-drift", action="store_true",
                        help="judge despite environment drift (driver, runtime, clocks, copy bandwidth, warm-up "
                             "and repetition settings, throttling) instead of calling the result inconclusive")
    parser.add_argument("--drift-tolerance", type=parse_fraction, default=DEFAULT_DRIFT_TOLERANCE,
                        help="relative change of clocks and copy bandwidth that counts as drift (default 0.05)")
    parser.add_argument("--allow-missing", action="store_true",
                        help="base cases missing from new do not make the result inconclusive (perf-check: "
                             "only when the benchmark exited 0)")
    parser.add_argument("--json", metavar="FILE", dest="json_path",
                        help="also write the verdict as JSON (results/schema/compare-verdict.schema.json)")
    parser.add_argument("--github-summary", metavar="FILE",
                        help="append a markdown summary to FILE (default: $GITHUB_STEP_SUMMARY when set) and "
                             "print GitHub annotations (::error per regression, ::warning per inconclusive)")
    parser.add_argument("--changes-only", action="store_true",
                        help="list only cases whose verdict is not 'same' (the summary still counts all)")
    parser.add_argument("--markdown", metavar="FILE", help="also write the report as markdown to FILE "
                        "('-' for stdout instead of the console table)")


def make_parser():
    p = argparse.ArgumentParser(
        prog="compare",
        description="Compare two gpusort-bench result files case by case (matched by back-end, key type, "
                    "value mode, order, n and distribution).",
        epilog="Exit codes (with --fail-on-regression): 0 no regression and every base case judged; 1 some case "
               "is slower (beyond threshold and statistics) or went from ok to failed/error (or, with "
               "--fail-on-missing, a base case is missing); 2 bad input or refused comparison; 3 inconclusive: "
               "a case skipped, unclear, missing, throttled or with a cold first sample, environment drift, or "
               "nothing compared; 4 internal error (a bug in the script). Precedence 2 > 1 > 3 > 0. Without "
               "--fail-on-regression: 0 unless the input is bad.")
    p.add_argument("base", help="result file of the reference run")
    p.add_argument("new", help="result file of the run under test")
    add_judgement_options(p)
    p.add_argument("--fail-on-regression", action="store_true",
                   help="exit 1 when a case is slower or ok->failed/error, 3 when the result is inconclusive")
    p.add_argument("--fail-on-missing", action="store_true", help="exit 1 when a base case is missing in new")
    return p


def emit(report, markdown_path):
    if markdown_path == "-":
        sys.stdout.write(format_markdown(report))
        return
    sys.stdout.write(format_console(report))
    if markdown_path:
        write_output("--markdown", markdown_path, format_markdown(report), *MARKDOWN_FORM)


def check_report_outputs(args):
    """Refuse, before anything runs, the --markdown and --json files that would not be replaced (outputs.py)."""
    if args.markdown and args.markdown != "-":
        check_replaceable("--markdown", args.markdown, *MARKDOWN_FORM)
    if args.json_path:
        check_replaceable("--json", args.json_path, *VERDICT_FORM)


def exit_code(report, fail_on_regression, fail_on_missing, allow_missing=False, tool_problem=None):
    """Judge the report (sets report.gate) and return the exit code: the gate's code with
    --fail-on-regression (0, 1 or 3), 1 for a missing case with --fail-on-missing, else 0."""
    report.gate = outcome(report, allow_missing, tool_problem)
    codes = [EXIT_OK]
    if fail_on_regression:
        codes.append(report.gate.code)
    if fail_on_missing and report.missing:
        codes.append(EXIT_REGRESSION)
    return worst_exit_code(*codes)


def report_from_args(base, new, args):
    """build_report with the judgement options of compare and perf-check."""
    report = build_report(base, new, args.threshold, args.alpha, args.confidence, args.metric,
                          args.allow_different_devices, allow_drift=args.allow_drift,
                          drift_tolerance=args.drift_tolerance)
    report.changes_only = args.changes_only
    return report


def emit_verdicts(report, prog, args, code, tool_run=None):
    """--json FILE and the GitHub summary (--github-summary or $GITHUB_STEP_SUMMARY), once the code is known."""
    if args.json_path:
        write_json(args.json_path, verdict_document(report, prog, code, tool_run))
    summary = github_summary_path(args.github_summary)
    if summary:
        emit_github(report, prog, summary)


def main(argv=None):
    args = make_parser().parse_args(argv)
    check_report_outputs(args)
    base, new = load_result(args.base), load_result(args.new)
    report = report_from_args(base, new, args)
    code = exit_code(report, args.fail_on_regression, args.fail_on_missing, args.allow_missing)
    emit(report, args.markdown)
    emit_verdicts(report, "compare", args, code)
    return code


def entry():
    sys.exit(run_main("compare", main))
