"""compare on runs with very many repetitions: the bootstrap resamples in chunks, so its memory is bounded
(drawing all 4000 resamples of 100000 samples at once took 9 GiB), and the interval is the same statistic."""

import resource
import subprocess
import sys

import numpy as np

from scripts_support import BASE, SCRIPTS, load, stats_of, write
from gsbtools import stats

MEMORY_LIMIT = 1536 * 2 ** 20  # address space for the whole compare process, Python, numpy and scipy included


def _one_case_run(path, factor, seed, reps=100000):
    """A one-case result file as `--reps 100000` writes it: lognormal samples with 2% spread."""
    doc = load(BASE)
    case = next(c for c in doc["cases"] if c["status"] == "ok" and c["timing"])
    rng = np.random.default_rng(seed)
    case["timing"].update(stats_of(factor * np.exp(rng.normal(0.0, 0.02, reps))))
    doc["cases"], doc["settings"]["reps"] = [case], reps
    return write(doc, path)


def _limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def test_compare_100000_samples_in_bounded_memory(tmp_path):
    base, new = _one_case_run(tmp_path / "base.json", 1.0, 1), _one_case_run(tmp_path / "new.json", 1.05, 2)
    env = {"PATH": "/usr/bin:/bin", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, str(SCRIPTS / "compare"), base, new, "--fail-on-regression"],
                          capture_output=True, text=True, env=env, timeout=300, preexec_fn=_limit_memory)
    assert done.returncode == 1, done.stderr  # 1: the planted 5% slowdown was found, not a crash
    assert "1 matched: 1 slower" in done.stdout and done.stderr == ""


def _all_at_once(base, new, confidence, resamples, seed):
    """The bootstrap as it was: every resample drawn at once (the reference for the chunked one)."""
    rng = np.random.default_rng(seed)
    b = base[rng.integers(0, base.size, size=(resamples, base.size))]
    n = new[rng.integers(0, new.size, size=(resamples, new.size))]
    ratios = np.median(n, axis=1) / np.median(b, axis=1)
    tail = (1.0 - confidence) / 2.0
    return tuple(float(x) for x in np.quantile(ratios, [tail, 1.0 - tail]))


def test_one_chunk_gives_the_same_numbers_as_before():
    rng = np.random.default_rng(3)
    base, new = np.exp(rng.normal(0, 0.05, 30)), 1.02 * np.exp(rng.normal(0, 0.05, 30))
    assert stats.bootstrap_ratio_interval(base, new, 0.95, 4000, 0) == _all_at_once(base, new, 0.95, 4000, 0)


def test_chunks_give_the_same_statistic():
    """Many small chunks: a different stream of draws, the same interval up to bootstrap noise."""
    rng = np.random.default_rng(4)
    base, new = np.exp(rng.normal(0, 0.05, 500)), 1.02 * np.exp(rng.normal(0, 0.05, 400))
    assert stats.bootstrap_ratios(base, new, 4000, 0, chunk_values=1500).size == 4000
    chunked = stats.bootstrap_ratio_interval(base, new, 0.95, 4000, 0, chunk_values=1500)  # 3 rows a chunk
    whole = _all_at_once(base, new, 0.95, 4000, 0)
    assert chunked != whole
    assert np.allclose(chunked, whole, rtol=0.003)
    assert chunked == stats.bootstrap_ratio_interval(base, new, 0.95, 4000, 0, chunk_values=1500)  # repeatable
