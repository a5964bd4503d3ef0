"""Machine-readable verdicts: the --json document (results/schema/compare-verdict.schema.json) and the GitHub
Actions step summary and annotations (--github-summary)."""

import json
import math
import os
import sys

from .cli import BadInput
from .outputs import json_document, write_output
from .gate import INCONCLUSIVE_VERDICTS, REGRESSION_VERDICTS

VERDICT_VERSION = 1
SUMMARY_ENV = "GITHUB_STEP_SUMMARY"


def _number(x):
    """A finite float, or None (JSON has no NaN)."""
    return float(x) if x is not None and math.isfinite(x) else None


def _key(key):
    return {"backend": key.backend, "key_type": key.key_type, "values": key.values, "order": key.order,
            "n": key.n, "distribution": key.distribution}


def _run(result):
    return {"path": result.path, "device": result.device_label, "timestamp_utc": result.meta["timestamp_utc"],
            "version": result.version_label}


def _drift(d):
    return {"field": d.field, "case": d.case, "base": d.base, "new": d.new, "change": _number(d.change),
            "beyond_tolerance": d.beyond, "description": d.describe()}


def _case(row, confidence):
    c = row.comparison
    doc = {"case": row.key.label(), "key": _key(row.key), "verdict": row.verdict,
           "statistical_verdict": row.stat_verdict, "base_status": row.base_status, "new_status": row.new_status,
           "metric": row.metric, "base_median_ms": None, "new_median_ms": None, "ratio": None, "ci_low": None,
           "ci_high": None, "confidence": None, "p_value": None, "note": row.note}
    if c is not None:
        doc.update(base_median_ms=_number(c.base_median_ms), new_median_ms=_number(c.new_median_ms),
                   ratio=_number(c.ratio), ci_low=_number(c.ci_low), ci_high=_number(c.ci_high),
                   confidence=confidence, p_value=_number(c.p_value))
    return doc


def verdict_document(report, prog, exit_code, tool_run=None):
    """The verdict of one comparison as a JSON-ready dict (compare-verdict.schema.json)."""
    counts = {}
    for r in report.rows:
        counts[r.verdict] = counts.get(r.verdict, 0) + 1
    geomean, judged = report.geomean()
    gate = report.gate
    return {
        "verdict_version": VERDICT_VERSION,
        "program": prog,
        "outcome": gate.word,
        "exit_code": exit_code,
        "reasons": list(gate.reasons),
        "headline": {"geomean_ratio": _number(geomean), "cases_with_verdict": judged},
        "base": _run(report.base),
        "new": _run(report.new),
        "criteria": {"threshold": report.threshold, "alpha": report.alpha, "confidence": report.confidence,
                     "metric": report.metric, "drift_tolerance": report.drift_tolerance,
                     "allow_drift": report.allow_drift},
        "counts": counts,
        "drift": [_drift(d) for d in report.drift],
        "notes": list(report.notes),
        "cases": [_case(r, report.confidence) for r in report.rows],
        "missing": [k.label() for k in report.missing],
        "new_cases": [k.label() for k in report.new_cases],
        "tool_run": tool_run,
    }


def is_verdict_file(head, whole):
    """A verdict document that write_json wrote."""
    doc = json_document(head, whole)
    return isinstance(doc, dict) and "verdict_version" in doc and "program" in doc


VERDICT_FORM = (is_verdict_file, "a verdict document of compare or perf-check")  # outputs.py


def write_json(path, doc):
    write_output("--json", path, json.dumps(doc, indent=1, allow_nan=False) + "\n", *VERDICT_FORM)


def _md(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def _ratio_cells(row):
    c = row.comparison
    if c is None or c.ratio != c.ratio:
        return ["", "", ""]
    return [f"{c.ratio:.3f} ({c.change_pct:+.1f}%)", f"[{c.ci_low:.3f}, {c.ci_high:.3f}]", f"{c.p_value:.3g}"]


def summary_markdown(report, prog):
    """The step summary: a headline with the geometric mean, then a table of regressions and one of the cases
    and findings that left the verdict inconclusive."""
    gate = report.gate
    geomean, judged = report.geomean()
    mean = (f"geometric mean new/base **{geomean:.3f}** ({(geomean - 1) * 100:+.1f}%) over {judged} case(s)"
            if geomean is not None else "no case with a verdict")
    out = [f"### gpusort-bench {prog}: {gate.word.upper()} (exit {gate.code}) — {mean}", "",
           f"{report.summary()} · base `{_md(report.base.describe())}` · new `{_md(report.new.describe())}`", ""]
    regressions = [r for r in report.rows if r.verdict in REGRESSION_VERDICTS]
    if regressions:
        out += ["| regression | verdict | new/base | CI | p | note |", "|---|---|---:|---|---:|---|"]
        out += ["| " + " | ".join(_md(c) for c in [r.key.label(), r.verdict, *_ratio_cells(r), r.note]) + " |"
                for r in regressions]
        out.append("")
    others = [reason for reason in gate.reasons if not any(reason.startswith(r.key.label() + ":")
                                                           for r in regressions)]
    if others:
        out += ["Inconclusive:", ""] + [f"- {_md(reason)}" for reason in others] + [""]
    return "\n".join(out) + "\n"


def _escape_data(text):
    return str(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text):
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotations(report, prog):
    """GitHub workflow-command lines: ::error per regression, ::warning per inconclusive case or finding."""
    lines = []
    labels = set()
    for r in report.rows:
        if r.verdict in REGRESSION_VERDICTS:
            labels.add(r.key.label())
            ratio = "" if r.comparison is None or r.comparison.ratio != r.comparison.ratio else \
                f" new/base {r.comparison.ratio:.3f} ({r.comparison.change_pct:+.1f}%)"
            lines.append(f"::error title={_escape_property(f'{prog}: {r.verdict}')}::"
                         f"{_escape_data(r.key.label() + ':' + ratio + (' ' + r.note if r.note else ''))}")
    for reason in report.gate.reasons:
        if reason.split(":", 1)[0] in labels:
            continue
        lines.append(f"::warning title={_escape_property(f'{prog}: inconclusive')}::{_escape_data(reason)}")
    return lines


def github_summary_path(explicit):
    """--github-summary FILE, else $GITHUB_STEP_SUMMARY, else None."""
    return explicit or os.environ.get(SUMMARY_ENV) or None


def emit_github(report, prog, path):
    """Append the summary to `path` (never overwrite: other steps write there too) and print annotations."""
    try:
        with open(path, "a", encoding="utf-8") as f:
            f.write(summary_markdown(report, prog))
    except OSError as e:
        raise BadInput(f"--github-summary {path}: cannot append ({e.strerror})") from None
    for line in annotations(report, prog):
        print(line)
    sys.stdout.flush()
