"""Kill trials (issue 16): a run stopped at a random moment by SIGINT, SIGTERM, SIGKILL or SIGSEGV never leaves a
broken result file. The path holds either the previous run's file, untouched, or a complete new one (valid JSON,
every case whole; a CSV whose every row has the header's columns). SIGINT and SIGTERM also leave no temporary
behind; SIGKILL and SIGSEGV cannot be handled, so a temporary caught mid-write may stay (it is never the result).

GSB_KILL_TRIALS (default 6 per signal) sets how many trials each signal gets; the trials' seeded delays cover the
first second and a half of a run that takes longer, and the summary of every trial is printed (pytest -s)."""
import csv
import io
import json
import os
import pathlib
import random
import signal
import subprocess
import time

import pytest

TRIALS = int(os.environ.get("GSB_KILL_TRIALS", "6"))
# 2 x 6000 cases of 1..6000 keys: several seconds, the JSON and CSV rewritten about once a second.
RUN = ["--algo", "std-sort,std-sort-par", "--n", "1:6000:+1", "--reps", "1", "--warmup", "0"]
# A previous run's files (the tool replaces only its own: output_file.hpp).
PREVIOUS = '{"schema_version": 1, "meta": {"tool": "gpusort-bench"}, "previous": "run"}\n'
PREVIOUS_CSV = "backend,key_type,values,order,n,distribution,status,previous\n"


def temporaries(folder):
    return sorted(p.name for p in pathlib.Path(folder).iterdir() if p.name.startswith(".gpusort-bench-"))


def check_outputs(folder):
    """Whole or previous, never broken: returns how many cases the JSON holds (-1: the previous file)."""
    text = (folder / "r.json").read_text()
    if text == PREVIOUS:
        assert (folder / "r.csv").read_text() == PREVIOUS_CSV
        return -1
    doc = json.loads(text)
    for c in doc["cases"]:
        assert c["status"] == "ok" and c["validation"]["status"] == "passed", c
    rows = list(csv.reader(io.StringIO((folder / "r.csv").read_text())))
    if rows != list(csv.reader(io.StringIO(PREVIOUS_CSV))):
        assert all(len(r) == len(rows[0]) for r in rows), "a CSV row cut short"
    return len(doc["cases"])


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL, signal.SIGSEGV],
                         ids=lambda s: signal.Signals(s).name)
def test_killed_at_random_moments(tool, tmp_path, sig):
    rng = random.Random(20261125 + int(sig))
    summary = []
    for trial in range(TRIALS):
        folder = tmp_path / f"t{trial}"
        folder.mkdir()
        (folder / "r.json").write_text(PREVIOUS)
        (folder / "r.csv").write_text(PREVIOUS_CSV)
        delay = rng.uniform(0.02, 1.5)
        p = subprocess.Popen([tool, *RUN, "--json", "r.json", "--csv", "r.csv"], cwd=folder,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        p.send_signal(sig)
        rc = p.wait(timeout=120)
        cases = check_outputs(folder)
        left = temporaries(folder)
        if sig in (signal.SIGINT, signal.SIGTERM):
            assert left == [], (trial, delay, left)
        summary.append((round(delay, 3), rc, cases, len(left)))
    print(f"\nkill trials {signal.Signals(sig).name}: (delay s, exit, cases in JSON or -1 previous, temporaries left)")
    for s in summary:
        print("  ", s)
    # The trials must have stopped runs at all (a run that ended first proves nothing).
    assert any(rc == -sig for _, rc, _, _ in summary)
