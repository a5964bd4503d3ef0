"""When may a comparison pass? Environment drift between two runs, warm-up outliers, and the gate's outcome.

The gate fails closed: it passes (exit 0) only when every base case got a verdict it can trust and none of them
is a regression. Anything that leaves a case without such a verdict (skipped, unclear, missing, throttled, a
first sample inflated by a missing warm-up, the benchmark failing) or that makes the two runs incomparable
(driver, runtime, clocks or copy bandwidth drifted; other warm-up or repetition settings) is inconclusive, exit
3, unless explicitly allowed. A regression (slower, or ok -> failed/error) wins over inconclusive: exit 1.
"""

import math
import re
from dataclasses import dataclass

import numpy as np

from .cli import EXIT_INCONCLUSIVE, EXIT_OK, EXIT_REGRESSION, worst_exit_code

DEFAULT_DRIFT_TOLERANCE = 0.05
WARMUP_OUTLIER_FACTOR = 3.0  # with warm-up 0, a first sample above 3x the median of the others is a cold start

REGRESSION_VERDICTS = ("slower", "broken")
INCONCLUSIVE_VERDICTS = ("unclear", "skipped", "inconclusive-drift", "inconclusive-warmup")
STATISTICAL_VERDICTS = ("faster", "slower", "same", "unclear")

# device fields compared between the two files: exact (any change is drift) or numeric (drift beyond tolerance)
DEVICE_EXACT = ("driver_version", "runtime_version")
DEVICE_NUMERIC = ("sm_clock_khz", "memory_clock_khz", "copy_bandwidth_GBps")
SETTINGS_EXACT = ("warmup", "reps")
GPU_STATE_NUMERIC = ("sm_clock_mhz", "memory_clock_mhz")

# Throttle reasons that are not throttling (normalised: lower case, runs of other characters as '_'):
# the GPU idling between launches, no reason at all, clocks an administrator set on purpose.
BENIGN_THROTTLE_REASONS = {"none", "idle", "gpu_idle", "applications_clocks_setting", "application_clocks_setting"}


@dataclass
class Drift:
    """One difference in the conditions of the two runs (run-wide, or one case's gpu_state)."""

    field: str           # 'device.driver_version', 'settings.warmup', 'gpu_state.sm_clock_mhz', ...
    base: object
    new: object
    beyond: bool         # beyond the tolerance: makes the verdict inconclusive unless allowed
    change: float = None  # relative change new/base - 1 for numbers, else None
    case: str = None     # the case's label for per-case findings

    def describe(self):
        where = f"{self.case}: " if self.case else ""
        change = f" ({self.change:+.1%})" if self.change is not None and math.isfinite(self.change) else ""
        return f"{where}{self.field} {_show(self.base)} in base, {_show(self.new)} in new{change}"


def _show(value):
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]" if value else "[]"
    return "absent" if value is None else str(value)


def relative_change(base, new):
    """new/base - 1, or None when either is missing or base is zero."""
    if base is None or new is None or isinstance(base, bool) or isinstance(new, bool):
        return None
    if base == 0:
        return None if new == 0 else math.inf
    return new / base - 1.0


def _numeric_drift(field, base, new, tolerance, case=None):
    """A Drift when the two numbers differ (beyond tolerance: blocking), None when equal or either is absent."""
    if base is None or new is None or base == new:
        return None
    change = relative_change(base, new)
    beyond = change is None or not math.isfinite(change) or abs(change) > tolerance
    return Drift(field, base, new, beyond, change, case)


def run_drift(base, new, tolerance=DEFAULT_DRIFT_TOLERANCE):
    """Differences between two result files' device and settings (device fields only when both ran on a GPU)."""
    found = []
    bd, nd = base.device, new.device
    if bd is not None and nd is not None:
        for name in DEVICE_EXACT:
            if bd.get(name) != nd.get(name):
                found.append(Drift(f"device.{name}", bd.get(name), nd.get(name), True))
        for name in DEVICE_NUMERIC:
            d = _numeric_drift(f"device.{name}", bd.get(name), nd.get(name), tolerance)
            if d:
                found.append(d)
    for name in SETTINGS_EXACT:
        b, n = base.settings.get(name), new.settings.get(name)
        if b != n:
            found.append(Drift(f"settings.{name}", b, n, True))
    return found


def normalise_reason(reason):
    return re.sub(r"[^a-z0-9]+", "_", str(reason).lower()).strip("_")


def throttling(gpu_state):
    """The throttle reasons of a case's gpu_state that are real throttling (not idle or none), sorted."""
    if not isinstance(gpu_state, dict):
        return []
    reasons = gpu_state.get("throttle_reasons") or []
    return sorted(str(r) for r in reasons if normalise_reason(r) not in BENIGN_THROTTLE_REASONS)


def case_drift(label, base_case, new_case, tolerance=DEFAULT_DRIFT_TOLERANCE):
    """Per-case findings from the optional gpu_state (NVML, read after the case's repetitions): throttling in
    either run (always beyond tolerance) and SM/memory clocks that differ by more than the tolerance."""
    bs, ns = base_case.get("gpu_state"), new_case.get("gpu_state")
    found = []
    bt, nt = throttling(bs), throttling(ns)
    if bt or nt:
        found.append(Drift("gpu_state.throttle_reasons", bt, nt, True, case=label))
    if isinstance(bs, dict) and isinstance(ns, dict):
        for name in GPU_STATE_NUMERIC:
            d = _numeric_drift(f"gpu_state.{name}", bs.get(name), ns.get(name), tolerance, case=label)
            if d and d.beyond:
                found.append(d)
    return found


def warmup_outlier(samples, warmup, factor=WARMUP_OUTLIER_FACTOR):
    """A note when a run without warm-up has a first sample above factor x the median of the others (a cold
    start timed as a repetition), else None."""
    if warmup != 0 or len(samples) < 2:
        return None
    rest = float(np.median(samples[1:]))
    first = float(samples[0])
    if rest > 0 and first > factor * rest:
        return (f"first sample {first:.4g} ms is {first / rest:.1f}x the median of the others with warm-up 0 "
                "(a cold start timed as a repetition); rerun with --warmup 1 or more")
    return None


@dataclass
class Outcome:
    code: int            # EXIT_OK, EXIT_REGRESSION or EXIT_INCONCLUSIVE
    reasons: list        # one line each, most important first

    @property
    def word(self):
        return {EXIT_OK: "passed", EXIT_REGRESSION: "regression", EXIT_INCONCLUSIVE: "inconclusive"}[self.code]


def outcome(report, allow_missing=False, tool_problem=None):
    """The gate's outcome for a compare Report: regression (1) over inconclusive (3) over passed (0).

    tool_problem: a sentence when the benchmark that produced `new` failed (non-zero exit, crash); missing cases
    are then never allowed, since the run did not finish."""
    regressions, inconclusive = [], []
    for row in report.rows:
        if row.verdict in REGRESSION_VERDICTS:
            regressions.append(f"{row.key.label()}: {row.verdict}" + _ratio_text(row))
        elif row.verdict in INCONCLUSIVE_VERDICTS:
            inconclusive.append(f"{row.key.label()}: {row.verdict}" + (f" ({row.note})" if row.note else ""))
    if tool_problem:
        inconclusive.insert(0, tool_problem)
    if report.missing and (not allow_missing or tool_problem):
        inconclusive.append(f"{len(report.missing)} base case(s) missing from new"
                            + (" (--allow-missing does not cover a failed run)" if allow_missing else ""))
    blocking = [d for d in report.drift if d.beyond and not report.allow_drift]
    if blocking:
        inconclusive.append("environment drift (pass --allow-drift to judge anyway): "
                            + "; ".join(d.describe() for d in blocking))
    if not any(r.verdict in STATISTICAL_VERDICTS + REGRESSION_VERDICTS for r in report.rows):
        inconclusive.append("no case was compared (no ok case in both runs)")
    codes = [EXIT_OK] + [EXIT_REGRESSION] * bool(regressions) + [EXIT_INCONCLUSIVE] * bool(inconclusive)
    return Outcome(worst_exit_code(*codes), regressions + inconclusive)


def _ratio_text(row):
    c = row.comparison
    if c is None or c.ratio != c.ratio:
        return f" ({row.note})" if row.note else ""
    return f" (new/base {c.ratio:.3f}, {c.change_pct:+.1f}%)"


def geometric_mean_ratio(rows):
    """Geometric mean of new/base over the rows with a verdict (faster, slower, same), and how many; (None, 0)
    when none."""
    ratios = [r.comparison.ratio for r in rows if r.verdict in ("faster", "slower", "same")
              and r.comparison is not None and math.isfinite(r.comparison.ratio) and r.comparison.ratio > 0]
    if not ratios:
        return None, 0
    return float(math.exp(sum(math.log(x) for x in ratios) / len(ratios))), len(ratios)
