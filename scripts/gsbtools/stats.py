"""Is the new run slower? Ratio of medians, a bootstrap interval for it, and a Mann-Whitney U test.

A case is called slower (or faster) only when both hold:
  practical:   the ratio of medians new/base lies beyond the threshold, i.e. |ln ratio| > ln(1 + threshold);
  statistical: the two-sided Mann-Whitney U p-value is below alpha AND the bootstrap confidence interval of
               the ratio of medians excludes 1.
Within the threshold it is 'same' (a real but tiny shift is not worth a red build), provided the interval is
tight enough to say so: both ends within SAME_SPAN thresholds of 1 (in log terms). Otherwise, and beyond the
threshold without the statistics, it is 'unclear' (too noisy, or too few repetitions to tell).
"""

import math
from dataclasses import dataclass

import numpy as np

VERDICTS = ("faster", "slower", "same", "unclear")
SAME_SPAN = 3.0  # 'same' needs the interval inside [(1+t)^-3, (1+t)^3]: [0.915, 1.093] for t = 3%
BOOTSTRAP_CHUNK_VALUES = 1 << 20  # resampled values of one run live at once: 8 MiB of them, 8 MiB of indices


@dataclass
class Comparison:
    base_median_ms: float
    new_median_ms: float
    ratio: float        # new/base time: > 1 is slower
    ci_low: float       # bootstrap interval of the ratio
    ci_high: float
    p_value: float      # Mann-Whitney U, two-sided
    verdict: str
    note: str = ""

    @property
    def change_pct(self):
        return (self.ratio - 1.0) * 100.0


def smallest_p_value(n_base, n_new):
    """The smallest two-sided p-value the exact Mann-Whitney U test can give for these sample sizes."""
    return min(1.0, 2.0 / math.comb(n_base + n_new, n_base))


def _resampled_medians(rng, samples, count):
    """Medians of `count` resamples (with replacement, of the same size) of samples."""
    return np.median(samples[rng.integers(0, samples.size, size=(count, samples.size))], axis=1)


def bootstrap_ratios(base, new, resamples=4000, seed=0, chunk_values=BOOTSTRAP_CHUNK_VALUES):
    """median(new resample)/median(base resample) for each of `resamples` resample pairs.

    The resamples are drawn a chunk of rows at a time, so that about chunk_values values of each run are live
    at once, whatever the number of repetitions (all at once, 100000 samples a run took 9 GiB). When everything
    fits in one chunk the draws are those of drawing every resample at once: the same numbers as before."""
    rng = np.random.default_rng(seed)
    rows = max(1, chunk_values // max(base.size, new.size))
    ratios = np.empty(resamples)
    for start in range(0, resamples, rows):
        count = min(rows, resamples - start)
        b = _resampled_medians(rng, base, count)
        n = _resampled_medians(rng, new, count)
        with np.errstate(divide="ignore", invalid="ignore"):
            ratios[start:start + count] = n / b
    return ratios


def bootstrap_ratio_interval(base, new, confidence=0.95, resamples=4000, seed=0,
                             chunk_values=BOOTSTRAP_CHUNK_VALUES):
    """Percentile bootstrap interval of median(new)/median(base), resampling each run independently."""
    ratios = bootstrap_ratios(base, new, resamples, seed, chunk_values)
    ratios = ratios[np.isfinite(ratios)]
    if ratios.size == 0:
        return math.nan, math.nan
    tail = (1.0 - confidence) / 2.0
    low, high = np.quantile(ratios, [tail, 1.0 - tail])
    return float(low), float(high)


def mann_whitney_p(base, new):
    if np.all(base == base[0]) and np.all(new == new[0]) and base[0] == new[0]:
        return 1.0  # identical constant samples: no evidence of any difference
    from scipy import stats as sps  # here, not at the top: it takes a second to import, and bad input needs none

    try:
        p = sps.mannwhitneyu(new, base, alternative="two-sided").pvalue
    except ValueError:
        return 1.0
    return 1.0 if not np.isfinite(p) else float(p)


def compare_samples(base_samples, new_samples, threshold=0.03, alpha=0.05, confidence=0.95, resamples=4000,
                    seed=0):
    base = np.asarray(base_samples, dtype=float)
    new = np.asarray(new_samples, dtype=float)
    with np.errstate(over="ignore"):  # the mean of two middle samples near 1.8e308 is inf, handled below
        base_median, new_median = float(np.median(base)), float(np.median(new))
    if base_median <= 0.0 or new_median <= 0.0:
        return Comparison(base_median, new_median, math.nan, math.nan, math.nan, math.nan, "unclear",
                          "a median time is zero: below the timer's resolution")
    if not (math.isfinite(base_median) and math.isfinite(new_median)):
        return Comparison(base_median, new_median, math.nan, math.nan, math.nan, math.nan, "unclear",
                          "a median time is beyond the range of a double: no ratio to judge")
    ratio = new_median / base_median
    ci_low, ci_high = bootstrap_ratio_interval(base, new, confidence, resamples, seed)
    p = mann_whitney_p(base, new)
    significant = p < alpha and (ci_low > 1.0 or ci_high < 1.0)
    beyond = abs(math.log(ratio)) > math.log1p(threshold)
    note = ""
    span = SAME_SPAN * math.log1p(threshold)
    if not beyond:
        precise = ci_low > 0 and abs(math.log(ci_low)) <= span and abs(math.log(ci_high)) <= span
        verdict = "same" if precise else "unclear"
        if not precise:
            note = (f"too noisy to call the same: the interval reaches beyond ±{math.expm1(span):.1%}; "
                    "run more repetitions or on a quieter machine")
    elif significant:
        verdict = "slower" if ratio > 1.0 else "faster"
    else:
        verdict = "unclear"
        floor = smallest_p_value(base.size, new.size)
        if floor >= alpha:
            note = (f"{base.size} vs {new.size} samples can never reach p < {alpha:g} "
                    f"(smallest possible p is {floor:.3g}); run more repetitions")
        else:
            note = "change beyond the threshold but not statistically significant"
    return Comparison(base_median, new_median, ratio, ci_low, ci_high, p, verdict, note)
