"""The scripts' output files follow the tool's rule (scripts/gsbtools/outputs.py, src/driver/output_file.hpp): an
existing file is replaced only where it is empty or of the form the script writes there; anything else is refused
with exit 2 and one line naming it, and left as it is. A link is written through and stays a link."""

import json
import os

import pytest

from scripts_support import BASE, RERUN, run_script

FOREIGN = "root:x:0:0:root:/root:/bin/bash\n"


def assert_refused(r, flag, path):
    assert r.returncode == 2, (r.returncode, r.stderr)
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and f"{flag} {path}" in lines[0] and "holds something other than" in lines[0], r.stderr


# (script, its arguments writing to OUT, the flag that names OUT)
WRITERS = {
    "compare --json": ("compare", [BASE, RERUN, "--json", "OUT"], "--json"),
    "compare --markdown": ("compare", [BASE, RERUN, "--markdown", "OUT"], "--markdown"),
    "export nvbench": ("export", [BASE, "--to", "nvbench", "--no-samples", "--out", "OUT"], "--out"),
    "export gbench": ("export", [BASE, "--to", "gbench", "--out", "OUT"], "--out"),
}


@pytest.mark.parametrize("writer", list(WRITERS))
@pytest.mark.parametrize("through_link", [False, True], ids=["file", "link"])
def test_a_file_the_script_did_not_write_is_not_replaced(tmp_path, writer, through_link):
    script, args, flag = WRITERS[writer]
    victim = tmp_path / "victim"
    victim.write_text(FOREIGN)
    named = victim
    if through_link:
        named = tmp_path / "link"
        named.symlink_to(victim)
    r = run_script(script, *[named if a == "OUT" else a for a in args])
    assert_refused(r, flag, named)
    assert victim.read_text() == FOREIGN
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["victim"] + (["link"] if through_link else []))


@pytest.mark.parametrize("writer", list(WRITERS))
def test_the_scripts_own_file_is_replaced_and_a_link_stays_a_link(tmp_path, writer):
    script, args, _ = WRITERS[writer]
    real, link = tmp_path / "real", tmp_path / "link"
    real.write_text("")  # empty: replaced
    link.symlink_to(real)
    for _ in range(2):  # the second run replaces the first run's file
        r = run_script(script, *[link if a == "OUT" else a for a in args])
        assert r.returncode == 0, r.stderr
        assert link.is_symlink() and os.readlink(link) == str(real)
    text = real.read_text()
    assert text.startswith("## gpusort-bench comparison") if "markdown" in writer else json.loads(text)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".gsb-")] == []


def test_compare_refuses_before_it_compares_and_keeps_its_other_output(tmp_path):
    md, verdict = tmp_path / "r.md", tmp_path / "v.json"
    verdict.write_text(FOREIGN)
    r = run_script("compare", BASE, RERUN, "--markdown", md, "--json", verdict)
    assert_refused(r, "--json", verdict)
    assert not md.exists() and r.stdout == ""


def test_plot_replaces_only_the_charts_it_listed(tmp_path):
    out = tmp_path / "charts"
    r = run_script("plot", BASE, "--out", out, "--charts", "time")
    assert r.returncode == 0, r.stderr
    charts = (out / "charts.txt").read_text().split()
    assert charts and all((out / c).is_file() for c in charts)
    r = run_script("plot", BASE, "--out", out, "--charts", "time")  # its own charts, index and list: replaced
    assert r.returncode == 0, r.stderr
    # A chart of that name that no run of plot listed is the user's.
    listed = out / "charts.txt"
    listed.write_text("".join(f"{c}\n" for c in charts[1:]))
    mine = out / charts[0]
    mine.write_text(FOREIGN)
    r = run_script("plot", BASE, "--out", out, "--charts", "time")
    assert_refused(r, "--out", mine)
    assert mine.read_text() == FOREIGN
    # Every chart that run wrote before it stopped is listed, so a later run replaces it.
    assert set(listed.read_text().split()) >= set(charts[1:])


@pytest.mark.parametrize("name", ["index.md", "charts.txt"])
def test_plot_refuses_a_foreign_index_or_list_before_it_draws(tmp_path, name):
    out = tmp_path / "charts"
    out.mkdir()
    (out / name).write_text(FOREIGN)
    r = run_script("plot", BASE, "--out", out)
    assert_refused(r, "--out", out / name)
    assert [p.name for p in out.iterdir()] == [name] and (out / name).read_text() == FOREIGN


def test_perf_check_refuses_a_foreign_output_before_it_runs_the_tool(tmp_path):
    tool = tmp_path / "tool"
    ran = tmp_path / "ran"
    tool.write_text(f"#!/bin/sh\ntouch {ran}\nexit 99\n")
    tool.chmod(0o755)
    out = tmp_path / "new.json"
    out.write_text(FOREIGN)
    r = run_script("perf-check", "--baseline", BASE, "--tool", tool, "--output", out)
    assert_refused(r, "--output", out)
    assert not ran.exists() and out.read_text() == FOREIGN
