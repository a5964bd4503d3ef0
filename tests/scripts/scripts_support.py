"""Helpers for the tests of scripts/: fixture paths, synthetic variants of a run, a stand-in tool, running
entry points. (A uniquely named module rather than conftest, so that it never clashes with other test folders.)"""

import copy
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

REPO_ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = REPO_ROOT / "scripts"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
sys.path.insert(0, str(SCRIPTS))
os.environ.setdefault("MPLBACKEND", "Agg")

# Fixtures: base.json and rerun.json are two runs of the tool on its CPU back-ends (see fixtures/README.md);
# gpu-sample.json is hand-made in the shape of a GPU run (end-to-end timings, skipped cases, several
# distributions) until a real GPU run can be committed.
BASE = FIXTURES / "base.json"
RERUN = FIXTURES / "rerun.json"
GPU_SAMPLE = FIXTURES / "gpu-sample.json"


def load(path):
    return json.loads(Path(path).read_text())


def schema_errors(doc):
    """What both validators make of doc against the schema: (jsonschema's errors as a list, the tool's own first
    error or None). The caller skips without jsonschema (pytest.importorskip)."""
    import jsonschema
    from gsbtools.schema import Validator, load_schema

    schema = load_schema()
    return list(jsonschema.Draft202012Validator(schema).iter_errors(doc)), Validator(schema).first_error(doc)


def write(doc, path):
    Path(path).write_text(json.dumps(doc, indent=1))
    return str(path)


def stats_of(samples):
    samples = [float(s) for s in samples]
    a = np.asarray(samples)
    return {"samples_ms": samples, "min_ms": float(a.min()), "median_ms": float(np.median(a)),
            "mean_ms": float(a.mean()), "max_ms": float(a.max()),
            "stddev_ms": float(a.std(ddof=1)) if a.size > 1 else 0.0}


def map_samples(doc, fn):
    """A copy of doc whose every timed quantity has samples fn(case, samples) (stats recomputed)."""
    doc = copy.deepcopy(doc)
    for case in doc["cases"]:
        timing = case.get("timing")
        if timing:
            new = stats_of(fn(case, timing["samples_ms"]))
            timing.update(new)
        e2e = case.get("end_to_end")
        if e2e:
            for part in ("h2d_ms", "sort_ms", "d2h_ms"):
                e2e[part] = stats_of(fn(case, e2e[part]["samples_ms"]))
            total = [a + b + c for a, b, c in zip(*(e2e[p]["samples_ms"] for p in ("h2d_ms", "sort_ms", "d2h_ms")))]
            e2e["total_ms"] = stats_of(total)
    return doc


def with_noise(doc, factor=1.0, sigma=0.02, reps=5, seed=0):
    """Each timed quantity replaced by `reps` samples around factor * its median, with lognormal noise of
    relative spread sigma: a controlled model of run-to-run noise (2% is ordinary for GPU event timing)."""
    rng = np.random.default_rng(seed)

    def fn(case, samples):
        median = float(np.median(samples))
        return [median * factor * math.exp(rng.normal(0.0, sigma)) for _ in range(reps)]

    return map_samples(doc, fn)


FAKE_TOOL = """#!{python}
# Stand-in for gpusort-bench: --list prints a back-end table; otherwise it writes the run in $FAKE_RUN to
# the path after --json (its meta.argv replaced by its own) and logs its arguments to $FAKE_ARGV_LOG.
import json, os, sys
args = sys.argv[1:]
if args == ["--list"]:
    print("name                 family    key types                      values        stable gpu  max n        description")
    print("std-sort             baseline  all                            none, u32, u64 yes    no   -            std::sort")
    print("cub-radix            radix     all                            none, u32, u64 yes    yes  -            CUB radix")
    print("merge-slow           merge     all                            none, u32, u64 yes    yes  2^20 (--force) slow")
    print("radix                radix     u32, u64                       none          no     yes  -            radix")
    sys.exit(0)
log = os.environ.get("FAKE_ARGV_LOG")
if log:
    with open(log, "a") as f:
        f.write(json.dumps(args) + "\\n")
if os.environ.get("FAKE_WRITE", "1") == "1":
    doc = json.load(open(os.environ["FAKE_RUN"]))
    doc["meta"]["argv"] = [sys.argv[0]] + args
    json.dump(doc, open(args[args.index("--json") + 1], "w"))
sys.exit(int(os.environ.get("FAKE_RC", "0")))
"""


def make_fake_tool(folder):
    tool = Path(folder) / "gpusort-bench"
    tool.write_text(FAKE_TOOL.format(python=sys.executable))
    tool.chmod(0o755)
    return tool


def last_args(log):
    """The arguments of the fake tool's latest run."""
    return json.loads(Path(log).read_text().splitlines()[-1])


def run_script(name, *args, env=None, cwd=None):
    """Run scripts/<name> as a user would; returns CompletedProcess with text stdout/stderr."""
    full_env = dict(os.environ, MPLBACKEND="Agg", **(env or {}))
    return subprocess.run([sys.executable, str(SCRIPTS / name), *map(str, args)], capture_output=True, text=True,
                          env=full_env, cwd=cwd or REPO_ROOT, timeout=120)
